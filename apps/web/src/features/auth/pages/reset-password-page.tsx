import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@postwise/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { useLightMutation } from '../../../lib/light-mutation';
import { showError, showSuccess } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { resetPasswordRequest } from '../api/accounts';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';

/** Reset Password of spec 2.6: only with a verified forgot code (else /forgot-password); success goes to login. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { type, resetUserId, accessToken } = useRegisterStore();
  const reset = useLightMutation(({ password }: ResetPasswordFormInput) =>
    resetPasswordRequest({ password, userId: resetUserId ?? '' }, accessToken ?? ''),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (type !== 'forgot' || !resetUserId || !accessToken) return <Navigate to="/forgot-password" replace />;

  const submit = async (values: ResetPasswordFormInput) => {
    try {
      await reset.mutateAsync(values);
      showSuccess('Password updated. Please log in.');
      // The login screen clears the reset state once shown; clearing it here would let this page's own check
      // send the visitor to /forgot-password first.
      navigate('/login', { replace: true, state: { resetRegister: true } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-7">
      <AuthHeading label="Reset Password" title="Choose a new password">
        Use at least 6 characters. Every device signed in to your account will be signed out.
      </AuthHeading>
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Reset password">
        <PasswordField
          id="reset-password"
          label="New Password"
          placeholder="Enter new password"
          error={errors.password?.message}
          field={register('password')}
        />
        <PasswordField
          id="reset-confirm"
          label="Confirm Password"
          placeholder="Confirm new password"
          error={errors.confirmPassword?.message}
          field={register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending} data-testid="reset-submit">
          Reset Password
        </Button>
      </form>
    </div>
  );
}
