import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@postwise/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { useUpdatePassword } from '../api/update-password';
import { PasswordField } from '../components/password-field';

const EMPTY: ChangePasswordFormInput = { password: '', newPassword: '', confirmPassword: '' };

/** Change Password of spec 2.6 and 5: current, new and confirmation; other devices are signed out. */
export function ChangePasswordPage() {
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = async ({ password, newPassword }: ChangePasswordFormInput) => {
    try {
      await update.mutateAsync({ password, newPassword });
      reset(EMPTY);
      showSuccess('Password changed successfully.');
    } catch (error) {
      if (error instanceof Error && error.message === 'Current password is incorrect.') {
        setError('password', { message: error.message }, { shouldFocus: true });
      }
      showError(error);
    }
  };

  return (
    <PageWithHeader
      title="Change Password"
      description="Enter your current password, then the new one twice. Other devices signed in to your account are signed out."
    >
      <Card className="max-w-xl">
        <CardContent>
          <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Change password">
            <PasswordField
              id="current-password"
              label="Current Password"
              placeholder="Enter current password"
              autoComplete="current-password"
              error={errors.password?.message}
              field={register('password')}
            />
            <PasswordField
              id="new-password"
              label="New Password"
              placeholder="Enter new password"
              error={errors.newPassword?.message}
              field={register('newPassword')}
            />
            <PasswordField
              id="confirm-password"
              label="Confirm New Password"
              placeholder="Confirm new password"
              error={errors.confirmPassword?.message}
              field={register('confirmPassword')}
            />
            <div>
              <Button type="submit" loading={update.isPending} data-testid="change-password-submit">
                Change Password
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </PageWithHeader>
  );
}
