import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { User } from '@postwise/shared/api-types';
import { settingSchema } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError, showSuccess } from '../../../lib/toast';
import { useSaveSettingProfile, useSettingProfile } from '../api/settings';
import { PostalAddressFields } from '../components/postal-address-fields';

type SettingFormInput = z.input<typeof settingSchema>;
type SettingFormValues = z.output<typeof settingSchema>;

function SettingForm({ user }: { user: User }) {
  const save = useSaveSettingProfile();
  const p = user.personal;
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<SettingFormInput, unknown, SettingFormValues>({
    resolver: zodResolver(settingSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: p.firstName ?? '',
      middleName: p.middleName ?? '',
      lastName: p.lastName ?? '',
      phone: p.phone ?? '',
      address1: p.address1 ?? '',
      address2: p.address2 ?? '',
      city: p.city ?? '',
      state: p.state ?? '',
      zip: p.zip ?? '',
      country: p.country ?? '',
    },
  });
  const submit = (values: SettingFormValues) =>
    save.mutate(values, {
      onSuccess: () => {
        showSuccess('Setting saved');
        reset(values);
      },
      onError: showError,
    });

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Your details">
      <div className="grid gap-4 sm:grid-cols-[1fr_7rem_1fr]">
        <FormField label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField label="Middle Initial" error={errors.middleName?.message}>
          <Input maxLength={1} {...register('middleName')} />
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      <FormField label="Phone" error={errors.phone?.message} description="10 digits, no spaces" className="sm:max-w-xs">
        <Input inputMode="numeric" maxLength={10} autoComplete="tel-national" {...register('phone')} />
      </FormField>
      <PostalAddressFields register={register} errors={errors} />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Setting (SUB_ADMIN): the reseller's own contact details. */
export function SettingPage() {
  const profile = useSettingProfile();
  return (
    <PageWithHeader title="Setting" description="Your name, phone and business address.">
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Your details</CardTitle>
          <CardDescription>Sign-in e-mail: {profile.data?.email ?? '…'}</CardDescription>
        </CardHeader>
        <CardContent>
          {profile.isPending ? (
            <Skeleton className="h-80" />
          ) : profile.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {profile.error.message}
            </p>
          ) : (
            <SettingForm user={profile.data} />
          )}
        </CardContent>
      </Card>
    </PageWithHeader>
  );
}
