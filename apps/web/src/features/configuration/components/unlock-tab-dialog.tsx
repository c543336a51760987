import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UNLOCK_MESSAGES, unlockSchema, type UnlockInput } from '@postwise/shared/schemas/configuration';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/input';
import { showError, showSuccess } from '../../../lib/toast';
import { useCheckPassword } from '../api/check-password';

export interface UnlockTabDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnlocked: () => void;
}

/** Unlock Tab (spec 2.4, 2.8): a SUB_ADMIN's password-protected Configuration group asks for the password. */
export function UnlockTabDialog({ open, onOpenChange, onUnlocked }: UnlockTabDialogProps) {
  const check = useCheckPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UnlockInput>({
    resolver: zodResolver(unlockSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '' },
  });

  const submit = async ({ password }: UnlockInput) => {
    try {
      const { isUnlocked } = await check.mutateAsync(password);
      if (!isUnlocked) {
        showError(UNLOCK_MESSAGES.incorrect);
        return;
      }
      showSuccess(UNLOCK_MESSAGES.unlocked);
      reset();
      onUnlocked();
      onOpenChange(false);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Unlock Tab</DialogTitle>
          <DialogDescription>Enter your password to open the Configuration settings.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5">
          <FormField id="unlock-password" label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" placeholder="Enter password" {...register('password')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={check.isPending}>
              Unlock
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
