import { get, useFormContext, type Path } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { AccountInfoValues } from '../lib/account-info-form';
import { LocationFields } from './location-fields';

type Prefix = 'personal' | 'authorizedIndividual';

export interface PersonFieldsProps {
  prefix: Prefix;
  idPrefix: string;
  /** Show the mailbox name (mailbox and both accounts only, spec 2.7). */
  withMailboxName: boolean;
  /** Called after a name field changes, for the mailbox-name autofill (spec 4). */
  onNameChange?: () => void;
}

/** First name, middle initial, last name, phone, address, location, zip and mailbox name (spec 2.7, 3). */
export function PersonFields({ prefix, idPrefix, withMailboxName, onNameChange }: PersonFieldsProps) {
  const { register, formState } = useFormContext<AccountInfoValues>();
  const name = (field: string) => `${prefix}.${field}` as Path<AccountInfoValues>;
  const error = (field: string) =>
    (get(formState.errors, `${prefix}.${field}`) as { message?: string } | undefined)?.message;
  const nameOptions = onNameChange ? { onChange: onNameChange } : {};

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <FormField id={`${idPrefix}-first`} label="First Name" error={error('firstName')} className="sm:col-span-3">
        <Input
          autoComplete="given-name"
          placeholder="Enter first name"
          data-testid={`${idPrefix}-first`}
          {...register(name('firstName'), nameOptions)}
        />
      </FormField>
      <FormField id={`${idPrefix}-middle`} label="Middle Initial" error={error('middleName')} className="sm:col-span-1">
        <Input
          maxLength={1}
          autoComplete="additional-name"
          placeholder="M"
          data-testid={`${idPrefix}-middle`}
          {...register(name('middleName'), nameOptions)}
        />
      </FormField>
      <FormField id={`${idPrefix}-last`} label="Last Name" error={error('lastName')} className="sm:col-span-2">
        <Input
          autoComplete="family-name"
          placeholder="Enter last name"
          data-testid={`${idPrefix}-last`}
          {...register(name('lastName'), nameOptions)}
        />
      </FormField>
      <FormField id={`${idPrefix}-phone`} label="Phone" error={error('phone')} className="sm:col-span-3">
        <Input
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          placeholder="10 digits"
          data-testid={`${idPrefix}-phone`}
          {...register(name('phone'))}
        />
      </FormField>
      <FormField id={`${idPrefix}-zip`} label="Zip Code" error={error('zip')} className="sm:col-span-3">
        <Input
          maxLength={10}
          autoComplete="postal-code"
          placeholder="Enter zip code"
          data-testid={`${idPrefix}-zip`}
          {...register(name('zip'))}
        />
      </FormField>
      <FormField id={`${idPrefix}-address1`} label="Address 1" error={error('address1')} className="sm:col-span-6">
        <Input
          autoComplete="address-line1"
          placeholder="Street address"
          data-testid={`${idPrefix}-address1`}
          {...register(name('address1'))}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-address2`}
        label="Address 2 (optional)"
        error={error('address2')}
        className="sm:col-span-6"
      >
        <Input
          autoComplete="address-line2"
          placeholder="Apartment, suite, unit"
          data-testid={`${idPrefix}-address2`}
          {...register(name('address2'))}
        />
      </FormField>
      <div className="grid gap-4 sm:col-span-6 sm:grid-cols-3">
        <LocationFields prefix={prefix} idPrefix={idPrefix} />
      </div>
      {withMailboxName ? (
        <FormField
          id={`${idPrefix}-mailbox-name`}
          label="Mailbox Name"
          error={error('mailboxName')}
          description="Filled in from the full name; you can change it."
          className="sm:col-span-6"
        >
          <Input
            placeholder="Name on the mailbox"
            data-testid={`${idPrefix}-mailbox-name`}
            {...register(name('mailboxName'))}
          />
        </FormField>
      ) : null}
    </div>
  );
}
