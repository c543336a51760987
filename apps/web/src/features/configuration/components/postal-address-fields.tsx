import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

type AddressKey = 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country';

/**
 * A postal address in a react-hook-form form (a store's, the reseller's own): the two address lines, then city,
 * state, ZIP and country two by two. `testIdPrefix` marks line 1 and the ZIP ("store" → store-address1, store-zip).
 */
export function PostalAddressFields({
  register,
  errors,
  testIdPrefix,
}: {
  register: (name: AddressKey) => UseFormRegisterReturn;
  errors: Partial<Record<AddressKey, FieldError>>;
  testIdPrefix?: string;
}) {
  const testId = (key: AddressKey) => (testIdPrefix ? `${testIdPrefix}-${key}` : undefined);
  return (
    <>
      <FormField label="Address Line 1" error={errors.address1?.message}>
        <Input autoComplete="address-line1" data-testid={testId('address1')} {...register('address1')} />
      </FormField>
      <FormField label="Address Line 2 (optional)" error={errors.address2?.message}>
        <Input autoComplete="address-line2" {...register('address2')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          <Input autoComplete="address-level1" {...register('state')} />
        </FormField>
        <FormField label="Zip Code" error={errors.zip?.message}>
          <Input autoComplete="postal-code" maxLength={10} data-testid={testId('zip')} {...register('zip')} />
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          <Input autoComplete="country-name" {...register('country')} />
        </FormField>
      </div>
    </>
  );
}
