import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@postwise/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { useUpdatePassword } from '../api/update-password';

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
    <div className="grid gap-6">
      <PageHeader
        title="Change Password"
        description="Enter your current password, then the new one twice. Other devices signed in to your account are signed out."
      />
      <Card className="max-w-xl">
        <CardContent>
          <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Change password">
            <FormField id="current-password" label="Current Password" error={errors.password?.message}>
              <PasswordInput
                autoComplete="current-password"
                placeholder="Enter current password"
                data-testid="current-password"
                {...register('password')}
              />
            </FormField>
            <FormField id="new-password" label="New Password" error={errors.newPassword?.message}>
              <PasswordInput
                autoComplete="new-password"
                placeholder="Enter new password"
                data-testid="new-password"
                {...register('newPassword')}
              />
            </FormField>
            <FormField id="confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
              <PasswordInput
                autoComplete="new-password"
                placeholder="Confirm new password"
                data-testid="confirm-password"
                {...register('confirmPassword')}
              />
            </FormField>
            <div>
              <Button type="submit" loading={update.isPending} data-testid="change-password-submit">
                Change Password
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
