import { fullName } from '@postwise/shared/schemas/onboarding';
import type { User } from '@postwise/shared/api-types';

/** The contact and address block a person and a company both have, as the form holds it. */
interface ContactValues {
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  mailboxName: string;
}

/** One person's details. */
export interface PersonValues extends ContactValues {
  firstName: string;
  middleName: string;
  lastName: string;
}

export interface BusinessValues extends ContactValues {
  name: string;
  type: string;
  registrationPlace: string;
}

export interface AccountInfoValues {
  userId: string;
  mailboxType?: 'personal' | 'business';
  personal: PersonValues;
  business?: BusinessValues;
  isAuthorized: boolean;
  authorizedIndividual?: PersonValues;
  isCourtProtected: boolean;
}

const EMPTY_CONTACT: ContactValues = {
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  mailboxName: '',
};

export const EMPTY_PERSON: PersonValues = { firstName: '', middleName: '', lastName: '', ...EMPTY_CONTACT };

export const EMPTY_BUSINESS: BusinessValues = { name: '', type: '', registrationPlace: '', ...EMPTY_CONTACT };

function pick<T extends object>(empty: T, from: Record<string, unknown> | null | undefined): T {
  const out = { ...empty } as Record<string, unknown>;
  for (const key of Object.keys(empty)) {
    const v = from?.[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out as T;
}

/** The form's starting values: what the applicant saved before (they may come back with Back), else empty. */
export function initialValues(user: User, mailbox: boolean): AccountInfoValues {
  const personal = pick(EMPTY_PERSON, user.personal as Record<string, unknown>);
  return {
    userId: user.id,
    ...(mailbox ? { mailboxType: user.mailboxType ?? 'personal' } : {}),
    personal,
    business: user.mailboxType === 'business' && user.business ? pick(EMPTY_BUSINESS, { ...user.business }) : undefined,
    isAuthorized: mailbox && !!user.authorizedIndividual,
    authorizedIndividual:
      mailbox && user.authorizedIndividual
        ? pick(EMPTY_PERSON, user.authorizedIndividual as Record<string, unknown>)
        : undefined,
    isCourtProtected: mailbox && user.isCourtProtected,
  };
}

/** The account-info payload of spec 7: business only if business, authorizedIndividual only if authorized. */
export function toPayload(values: AccountInfoValues, mailbox: boolean) {
  const { mailboxName, ...personalRest } = values.personal;
  const personal = mailbox ? { ...personalRest, mailboxName } : personalRest;
  const business = mailbox && values.mailboxType === 'business' ? values.business : undefined;
  const authorized = mailbox && values.isAuthorized ? values.authorizedIndividual : undefined;
  return {
    userId: values.userId,
    ...(mailbox ? { mailboxType: values.mailboxType ?? 'personal' } : {}),
    personal,
    ...(business ? { business: { ...business } } : {}),
    ...(mailbox ? { isAuthorized: values.isAuthorized } : {}),
    ...(authorized ? { authorizedIndividual: { ...authorized } } : {}),
    isCourtProtected: mailbox ? values.isCourtProtected : false,
  };
}

export { fullName };
