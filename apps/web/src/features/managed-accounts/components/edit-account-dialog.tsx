import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import type { ManagedUserDetail } from '@postwise/shared/admin';
import { updateManagedUserSchema, type UpdateManagedUserInput } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { ActionDialog, DialogActions } from '../../../components/ui/action-dialog';
import { InputField } from '../../../components/ui/input-field';
import { PhoneField } from './phone-field';
import { showError, showSuccess } from '../../../lib/toast';
import { useUpdateAccount } from '../api/managed-accounts';
import { useState } from 'react';
import { SuperSubAdminField } from './super-sub-admin-field';

/** Edit a customer or sub-admin: name, phone and, for a sub-admin, the super sub-admin flag. */
export function EditAccountDialog({ kind, detail }: { kind: 'customers' | 'sub-admins'; detail: ManagedUserDetail }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateAccount(kind, detail.user.id);
  const p = detail.user.personal;
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<UpdateManagedUserInput>({
    resolver: zodResolver(updateManagedUserSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    values: {
      firstName: p.firstName ?? '',
      middleName: p.middleName ?? '',
      lastName: p.lastName ?? '',
      phone: p.phone ?? '',
      ...(kind === 'sub-admins' ? { isSuperSubAdmin: detail.user.isSuperSubAdmin } : {}),
    },
  });

  const submit = (values: UpdateManagedUserInput) =>
    update.mutate(values, {
      onSuccess: () => {
        showSuccess('Changes saved');
        setOpen(false);
      },
      onError: showError,
    });

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" data-testid="edit-account">
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      }
      title={`Edit ${kind === 'customers' ? 'customer' : 'sub-admin'}`}
      description={detail.user.email}
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
          <InputField
            label="First Name"
            error={errors.firstName?.message}
            autoComplete="off"
            {...register('firstName')}
          />
          <InputField
            label="Middle Initial"
            error={errors.middleName?.message}
            maxLength={1}
            autoComplete="off"
            {...register('middleName')}
          />
        </div>
        <InputField label="Last Name" error={errors.lastName?.message} autoComplete="off" {...register('lastName')} />
        <PhoneField label="Phone" error={errors.phone?.message} field={register('phone')} />
        {kind === 'sub-admins' ? <SuperSubAdminField control={control} id="edit-super-sub-admin" /> : null}
        <DialogActions onCancel={() => setOpen(false)}>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}
