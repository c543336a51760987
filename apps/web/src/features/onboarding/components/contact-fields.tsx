import type { Path } from 'react-hook-form';
import type { AccountInfoValues } from '../lib/account-info-form';
import { AccountInfoField } from './account-info-field';
import { LocationFields } from './location-fields';

/** Phone, zip, both address lines and the location selects: the contact block of a person and of a company. */
export function ContactFields({
  prefix,
  idPrefix,
  autofill,
  address2Placeholder,
}: {
  prefix: 'personal' | 'authorizedIndividual' | 'business';
  idPrefix: string;
  /** Let the browser fill them from the person's saved address (not for a company's). */
  autofill: boolean;
  address2Placeholder: string;
}) {
  const name = (field: string) => `${prefix}.${field}` as Path<AccountInfoValues>;
  const autoComplete = (hint: string) => (autofill ? hint : undefined);
  return (
    <>
      <AccountInfoField
        id={`${idPrefix}-phone`}
        name={name('phone')}
        label="Phone"
        className="sm:col-span-3"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete={autoComplete('tel-national')}
        placeholder="10 digits"
      />
      <AccountInfoField
        id={`${idPrefix}-zip`}
        name={name('zip')}
        label="Zip Code"
        className="sm:col-span-3"
        maxLength={10}
        autoComplete={autoComplete('postal-code')}
        placeholder="Enter zip code"
      />
      <AccountInfoField
        id={`${idPrefix}-address1`}
        name={name('address1')}
        label="Address 1"
        className="sm:col-span-6"
        autoComplete={autoComplete('address-line1')}
        placeholder="Street address"
      />
      <AccountInfoField
        id={`${idPrefix}-address2`}
        name={name('address2')}
        label="Address 2 (optional)"
        className="sm:col-span-6"
        autoComplete={autoComplete('address-line2')}
        placeholder={address2Placeholder}
      />
      <div className="grid gap-4 sm:col-span-6 sm:grid-cols-3">
        <LocationFields prefix={prefix} idPrefix={idPrefix} />
      </div>
    </>
  );
}
