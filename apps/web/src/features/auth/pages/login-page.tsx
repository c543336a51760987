import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginInput } from '@postwise/shared/schemas/auth';
import { Text } from '../../../components/ui/text';
import { showError } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { useLogin } from '../api/login';
import { LoginForm } from '../components/login-form';
import { postLoginPath } from '../lib/post-login-path';

/** Login of spec 2.5: server errors as toasts (spec 8); success goes to the dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const resetRegister = (location.state as { resetRegister?: boolean } | null)?.resetRegister === true;

  // Arriving from the end of onboarding or a password reset: that state is done with (spec 2.6, 2.7).
  useEffect(() => {
    if (resetRegister) useRegisterStore.getState().reset();
  }, [resetRegister]);

  const submit = async (values: LoginInput) => {
    try {
      const outcome = await login.mutateAsync(values);
      if (outcome.kind === 'verify') {
        const { email, authTokenId } = outcome;
        navigate('/verify', { replace: true, state: { email, authTokenId, type: 'register' } });
        return;
      }
      navigate(postLoginPath(outcome.user), { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-7">
      <div className="grid gap-1.5">
        <Text variant="small" as="h1" className="font-semibold tracking-wider text-orange uppercase">
          Login
        </Text>
        <Text variant="h3" as="h2">
          Get started with easy login
        </Text>
        <Text variant="body-small" tone="muted">
          Sign in to manage your mail, mailbox and shipments.
        </Text>
      </div>
      <LoginForm onSubmit={submit} submitting={login.isPending} />
    </div>
  );
}
