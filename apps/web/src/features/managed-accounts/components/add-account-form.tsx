import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { addSubAdminSchema, type AddSubAdminInput } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { InputField } from '../../../components/ui/input-field';
import { PhoneField } from './phone-field';
import { showError, showSuccess } from '../../../lib/toast';
import { useAddAccount } from '../api/managed-accounts';
import { SuperSubAdminField } from './super-sub-admin-field';
import { LinkButton } from '../../../components/ui/link-button';

/**
 * Add Customer / Add Sub Admin: the account is created invited and the person gets an e-mail with the
 * registration link that places them under this admin.
 */
export function AddAccountForm({ kind }: { kind: 'customers' | 'sub-admins' }) {
  const navigate = useNavigate();
  const add = useAddAccount(kind);
  const listPath = `/${kind}`;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AddSubAdminInput>({
    resolver: zodResolver(addSubAdminSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', firstName: '', lastName: '', phone: '', isSuperSubAdmin: false },
  });

  const submit = (values: AddSubAdminInput) => {
    const body = kind === 'customers' ? { ...values, isSuperSubAdmin: undefined } : values;
    add.mutate(body, {
      onSuccess: (detail) => {
        showSuccess(`Invitation sent to ${detail.user.email}`);
        navigate(`${listPath}/${detail.user.id}`, { replace: true });
      },
      onError: showError,
    });
  };

  return (
    <Card className="max-w-2xl">
      <CardContent>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Invitation details">
          <InputField
            label="Email Address"
            error={errors.email?.message}
            type="email"
            autoComplete="off"
            placeholder="Enter email"
            data-testid="add-email"
            {...register('email')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="First Name"
              error={errors.firstName?.message}
              autoComplete="off"
              data-testid="add-first-name"
              {...register('firstName')}
            />
            <InputField
              label="Last Name"
              error={errors.lastName?.message}
              autoComplete="off"
              data-testid="add-last-name"
              {...register('lastName')}
            />
          </div>
          <PhoneField label="Phone (optional)" error={errors.phone?.message} field={register('phone')} />
          {kind === 'sub-admins' ? <SuperSubAdminField control={control} id="add-super-sub-admin" /> : null}
          <p className="text-sm text-muted-foreground">
            We create the account now and e-mail a link to finish registration: they choose a password, confirm their
            e-mail and fill in their details.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <LinkButton to={listPath} variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" loading={add.isPending} data-testid="add-submit">
              <Send aria-hidden="true" />
              Send invitation
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
