import type { Path } from 'react-hook-form';
import type { AccountInfoValues } from '../lib/account-info-form';
import { AccountInfoField } from './account-info-field';
import { ContactFields } from './contact-fields';

type Prefix = 'personal' | 'authorizedIndividual';

export interface PersonFieldsProps {
  prefix: Prefix;
  idPrefix: string;
  /** Show the mailbox name (mailbox and both accounts only, spec 2.7). */
  withMailboxName: boolean;
  /** Called after a name field changes, for the mailbox-name autofill (spec 4). */
  onNameChange?: () => void;
}

/** First name, middle initial, last name, the contact block and the mailbox name (spec 2.7, 3). */
export function PersonFields({ prefix, idPrefix, withMailboxName, onNameChange }: PersonFieldsProps) {
  const name = (field: string) => `${prefix}.${field}` as Path<AccountInfoValues>;

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <AccountInfoField
        id={`${idPrefix}-first`}
        name={name('firstName')}
        label="First Name"
        className="sm:col-span-3"
        autoComplete="given-name"
        placeholder="Enter first name"
        onChange={onNameChange}
      />
      <AccountInfoField
        id={`${idPrefix}-middle`}
        name={name('middleName')}
        label="Middle Initial"
        className="sm:col-span-1"
        maxLength={1}
        autoComplete="additional-name"
        placeholder="M"
        onChange={onNameChange}
      />
      <AccountInfoField
        id={`${idPrefix}-last`}
        name={name('lastName')}
        label="Last Name"
        className="sm:col-span-2"
        autoComplete="family-name"
        placeholder="Enter last name"
        onChange={onNameChange}
      />
      <ContactFields prefix={prefix} idPrefix={idPrefix} autofill address2Placeholder="Apartment, suite, unit" />
      {withMailboxName ? (
        <AccountInfoField
          id={`${idPrefix}-mailbox-name`}
          name={name('mailboxName')}
          label="Mailbox Name"
          description="Filled in from the full name; you can change it."
          className="sm:col-span-6"
          placeholder="Name on the mailbox"
        />
      ) : null}
    </div>
  );
}
