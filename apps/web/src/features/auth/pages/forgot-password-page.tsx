import { Link, useNavigate } from 'react-router';
import type { ForgotPasswordInput } from '@postwise/shared/schemas/auth';
import { lazySchema, useLightForm } from '../../../lib/light-form';
import { Button } from '../../../components/ui/button';
import { useLightMutation } from '../../../lib/light-mutation';
import { showError } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { forgotPasswordRequest } from '../api/accounts';
import { AuthHeading } from '../components/auth-heading';
import { EmailAddressField, PublicForm } from '../components/public-form';

/** The shared schema, loaded when the form is first touched (keeps zod out of the page's first load). */
const forgotPasswordSchema = lazySchema<ForgotPasswordInput>(() =>
  import('@postwise/shared/schemas/auth').then((m) => m.forgotPasswordSchema),
);

/** Forgot Password of spec 2.6: e-mail, Done, Back to login; the code screen follows. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useLightMutation(forgotPasswordRequest);
  // react-hook-form's onSubmit mode with reValidateMode onChange, without its 12 KB (lib/light-form.ts); the
  // field starts empty.
  const { register, handleSubmit, errors } = useLightForm(forgotPasswordSchema);

  const submit = async ({ email }: ForgotPasswordInput) => {
    try {
      const { authTokenId } = await forgot.mutateAsync(email);
      const store = useRegisterStore.getState();
      store.reset();
      store.setPending({ email, authTokenId, type: 'forgot' });
      navigate('/verify', { state: { email, authTokenId, type: 'forgot' } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-7">
      <AuthHeading label="Forgot Password" title="Reset your password">
        Enter the e-mail address of your account. If it has one, we send a code to reset the password.
      </AuthHeading>
      <PublicForm label="Forgot password" schema={forgotPasswordSchema} onSubmit={handleSubmit(submit)}>
        <EmailAddressField id="forgot-email" testId="forgot-email" error={errors.email} field={register('email')} />
        <Button type="submit" size="lg" className="w-full" loading={forgot.isPending} data-testid="forgot-submit">
          Done
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Back
          </Link>
        </p>
      </PublicForm>
    </div>
  );
}
