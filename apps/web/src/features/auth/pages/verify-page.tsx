import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams, type NavigateFunction } from 'react-router';
import type { VerifyForgotResult, VerifyRegisterResult } from '@postwise/shared/schemas/accounts';
import { OTP_LENGTH } from '@postwise/shared/constants';
import { onboardingPath } from '@postwise/shared/onboarding-paths';
import { otpSchema } from '@postwise/shared/schemas/auth';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useLightMutation } from '../../../lib/light-mutation';
import { showError, showSuccess } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { resendCodeRequest, verifyLinkRequest, verifyOtpRequest } from '../api/accounts';
import { AuthHeading } from '../components/auth-heading';
import { OtpInput } from '../components/otp-input';

interface VerifyState {
  email?: string | null;
  authTokenId?: string | null;
  type?: 'register' | 'forgot' | null;
}

/** Where a right code or a live link leads: the applicant's onboarding step, or the reset step. */
function proceed(result: VerifyRegisterResult | VerifyForgotResult, navigate: NavigateFunction) {
  const store = useRegisterStore.getState();
  if ('user' in result) {
    store.setPending({ user: result.user, accessToken: result.accessToken, authTokenId: null, type: 'register' });
    navigate(onboardingPath(result.user.additionalInfo.currentStep), { replace: true });
  } else {
    store.setPending({ resetUserId: result.id, accessToken: result.accessToken, authTokenId: null, type: 'forgot' });
    navigate('/reset-password', { replace: true, state: { verified: true } });
  }
}

/**
 * Verify Email of spec 2.6. Opened from the one-click link of a code e-mail (`/verify?linkToken=...`) it
 * exchanges the link's token instead of asking for the digits.
 */
export function VerifyPage() {
  const [params] = useSearchParams();
  const linkToken = params.get('linkToken');
  return linkToken ? <VerifyLink linkToken={linkToken} /> : <VerifyCode />;
}

/**
 * The e-mailed link: it proves the mailbox without the 4 digits (and is how the owner gets in while someone
 * guesses codes). Exchanged once on arrival; a spent or expired link says so and offers a new e-mail.
 */
function VerifyLink({ linkToken }: { linkToken: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per link, also under React's development double effects: a link works a single time.
    if (started.current) return;
    started.current = true;
    verifyLinkRequest({ linkToken })
      .then((result) => proceed(result, navigate))
      .catch((err: unknown) => setError(err instanceof Error && err.message ? err.message : 'Something went wrong'));
  }, [linkToken, navigate]);

  if (!error) {
    return (
      <div className="grid gap-7" data-testid="verify-link-pending">
        <AuthHeading label="Verify Email" title="Checking your link">
          One moment while we confirm the link from your e-mail.
        </AuthHeading>
        <div className="flex justify-center py-4">
          <Spinner className="size-8 text-primary" label="Checking your link" />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-7">
      <AuthHeading label="Verify Email" title="This link does not work">
        Links work once, for 60 minutes, and only the newest e-mail&apos;s link counts.
      </AuthHeading>
      <p role="alert" className="text-sm font-medium text-destructive" data-testid="verify-link-error">
        {error}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="/forgot-password" className={buttonVariants({ size: 'lg' })}>
          Reset password
        </Link>
        <Link to="/login" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          Back to login
        </Link>
      </div>
    </div>
  );
}

/**
 * The 4-digit code: entered with state carrying email, authTokenId and the type (register or forgot), from the
 * navigation or, after a reload, from register-storage. Without authTokenId it goes back to register, or to
 * forgot-password for the forgot type.
 */
function VerifyCode() {
  const navigate = useNavigate();
  const location = useLocation();
  const stored = useRegisterStore();
  const state = (location.state as VerifyState | null) ?? {};
  const type = state.type ?? stored.type ?? 'register';
  const email = state.email ?? stored.email ?? '';
  const [authTokenId, setAuthTokenId] = useState(state.authTokenId ?? stored.authTokenId ?? null);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const verify = useLightMutation(verifyOtpRequest);
  const resend = useLightMutation(resendCodeRequest);

  if (!authTokenId) return <Navigate to={type === 'forgot' ? '/forgot-password' : '/register'} replace />;

  const invalid = !otpSchema.safeParse({ activationCode: code }).success;
  const fieldError = submitted && invalid ? 'OTP is not valid' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (invalid) return;
    try {
      proceed(await verify.mutateAsync({ authTokenId, activationCode: code }), navigate);
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : 'Something went wrong');
      setSubmitted(false);
      setCode('');
    }
  };

  const sendAgain = async () => {
    try {
      const { authTokenId: next } = await resend.mutateAsync(authTokenId);
      setAuthTokenId(next);
      useRegisterStore.getState().setPending({ authTokenId: next });
      setServerError(null);
      setCode('');
      showSuccess('A new code is on its way.');
    } catch (error) {
      showError(error);
    }
  };

  const message = serverError ?? fieldError;
  return (
    <div className="grid gap-7">
      <AuthHeading label="Verify Email" title="Enter the 4-digit code">
        {email ? (
          <>
            We sent a code to <strong className="font-semibold text-foreground">{email}</strong>. It works for 10
            minutes. You can also open the link in that e-mail.
          </>
        ) : (
          'We sent a code to your e-mail address. It works for 10 minutes. You can also open the link in that e-mail.'
        )}
      </AuthHeading>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Verify email">
        <div className="grid gap-2">
          <OtpInput
            autoFocus
            value={code}
            onChange={(v) => {
              setCode(v);
              setServerError(null);
            }}
            invalid={!!message}
            describedBy={message ? 'otp-error' : undefined}
            disabled={verify.isPending}
          />
          {message ? (
            <p id="otp-error" role="alert" className="text-sm font-medium text-destructive" data-testid="otp-error">
              {message}
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={verify.isPending}
          disabled={code.length !== OTP_LENGTH}
          data-testid="verify-submit"
        >
          Verify
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            Didn&apos;t get it?{' '}
            <Button variant="link" onClick={sendAgain} disabled={resend.isPending} data-testid="resend-code">
              Send a new code
            </Button>
          </span>
          <Link
            to={type === 'forgot' ? '/forgot-password' : '/register'}
            className="font-semibold text-primary hover:underline"
          >
            Back
          </Link>
        </div>
      </form>
    </div>
  );
}
