import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatPmb, type Store } from '@postwise/shared/admin';
import { storeSchema } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { EMPTY_VALUE } from '../../../lib/format';
import { DEFAULT_TIME_ZONE, timeZoneNames } from '@postwise/shared/time-zones';
import { PostalAddressFields } from './postal-address-fields';

type StoreFormInput = z.input<typeof storeSchema>;
type StoreFormValues = z.output<typeof storeSchema>;

/** The zones this browser knows, plus the store's own if the browser lacks it (it still shows what is saved). */
function zoneOptions(current: string): string[] {
  const names = timeZoneNames();
  return names.includes(current) ? names : [current, ...names];
}

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export interface StoreFormProps {
  store?: Store | null;
  submitting: boolean;
  onSubmit: (values: StoreFormValues) => void;
  onCancel: () => void;
  submitLabel: string;
}

/** Store: name, street address, hours, phone, map position and the PMB numbering. */
export function StoreForm({ store, submitting, onSubmit, onCancel, submitLabel }: StoreFormProps) {
  const {
    register,
    handleSubmit,
    control,
    watch,
    formState: { errors },
  } = useForm<StoreFormInput, unknown, StoreFormValues>({
    resolver: zodResolver(storeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: store?.name ?? '',
      address1: store?.address1 ?? '',
      address2: store?.address2 ?? '',
      city: store?.city ?? 'Los Angeles',
      state: store?.state ?? 'California',
      zip: store?.zip ?? '',
      country: store?.country ?? 'United States',
      phone: store?.phone ?? '',
      hours: store?.hours ?? '',
      latitude: store?.latitude ?? null,
      longitude: store?.longitude ?? null,
      pmbPrefix: store?.pmbPrefix ?? 'PMB',
      nextPmbNumber: store?.nextPmbNumber ?? 1001,
      isDefault: store?.isDefault ?? false,
      timeZone: store?.timeZone ?? DEFAULT_TIME_ZONE,
    },
  });
  const prefix = watch('pmbPrefix') ?? 'PMB';
  const next = Number(watch('nextPmbNumber'));
  const lat = watch('latitude');
  const lon = watch('longitude');
  const zones = zoneOptions(store?.timeZone ?? DEFAULT_TIME_ZONE);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6" aria-label="Store details">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">Location</legend>
        <FormField label="Store name" error={errors.name?.message}>
          <Input autoComplete="off" data-testid="store-name" {...register('name')} />
        </FormField>
        <PostalAddressFields register={register} errors={errors} testIdPrefix="store" />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">Contact and hours</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Phone" error={errors.phone?.message} description="10 digits, no spaces">
            <Input inputMode="numeric" maxLength={10} data-testid="store-phone" {...register('phone')} />
          </FormField>
          <FormField label="Opening hours" error={errors.hours?.message} description="e.g. Mon–Fri 9:00–18:00">
            <Input {...register('hours')} />
          </FormField>
          <FormField
            label="Time zone"
            error={errors.timeZone?.message}
            description="Free storage days, storage fees, billing days and monthly reports follow this zone's calendar"
          >
            <select className={inputClasses} data-testid="store-time-zone" {...register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">Map position</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Latitude (optional)" error={errors.latitude?.message}>
            <Input inputMode="decimal" {...register('latitude', { setValueAs: numberOrNull })} />
          </FormField>
          <FormField label="Longitude (optional)" error={errors.longitude?.message}>
            <Input inputMode="decimal" {...register('longitude', { setValueAs: numberOrNull })} />
          </FormField>
        </div>
        {typeof lat === 'number' && typeof lon === 'number' && !Number.isNaN(lat) && !Number.isNaN(lon) ? (
          <a
            className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
            href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Check the position on a map (opens a new tab)
          </a>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">PMB numbering</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="PMB prefix" error={errors.pmbPrefix?.message} description='"PMB" or "#"'>
            <Input maxLength={10} {...register('pmbPrefix')} />
          </FormField>
          <FormField label="Next PMB number" error={errors.nextPmbNumber?.message}>
            <Input
              inputMode="numeric"
              {...register('nextPmbNumber', { setValueAs: (v) => (v === '' ? NaN : Number(v)) })}
            />
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">
          The next approved mailbox gets{' '}
          <strong className="text-foreground">
            {Number.isFinite(next) && next > 0 ? formatPmb(prefix, next) : EMPTY_VALUE}
          </strong>
          ; numbers already in use are skipped.
        </p>
        <Controller
          control={control}
          name="isDefault"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id="store-default"
                checked={Boolean(field.value)}
                onCheckedChange={(v) => field.onChange(v === true)}
              />
              <div className="grid gap-1">
                <Label htmlFor="store-default">Default store</Label>
                <p className="text-xs text-muted-foreground">
                  New mailboxes of your customers open here unless you pick another store.
                </p>
              </div>
            </div>
          )}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting} data-testid="store-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
