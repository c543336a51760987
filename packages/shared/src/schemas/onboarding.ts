import { z } from 'zod';
import { isSafeText, SAFE_TEXT_MESSAGES, safeText, TEXT_LIMITS } from './safe-text';
import { MIDDLE_INITIAL_LENGTH, PHONE_LENGTH, ZIP_MAX_LENGTH } from '../constants';
import type { AccountType, RoleCode } from '../roles';

/* ---------- Account type (spec 2.7, 5, 6, 8) ---------- */

export const ACCOUNT_TYPE_MESSAGES = {
  none: 'Please select at least one option: Mailbox or Shipment.',
  subAdminMailboxOnly: 'As a Sub Admin, you can only create a Mailbox account. Please select Mailbox.',
  mailboxOnly: 'You are allowed to create only a Mailbox account. Please select Mailbox.',
} as const;

/** The form's two checkboxes, combined into spec 3's accountType. */
export function toAccountType(shipment: boolean, mailbox: boolean): AccountType | null {
  if (shipment && mailbox) return 'both';
  if (shipment) return 'shipment';
  if (mailbox) return 'mailbox';
  return null;
}

/**
 * Spec 6: a SUB_ADMIN can only create a Mailbox account; a USER whose parent is a SUB_ADMIN may only
 * create a Mailbox account. Returns the spec 8 message, or null when allowed.
 */
export function accountTypeProblem(
  accountType: AccountType | null,
  who: { role: RoleCode; parentRole?: RoleCode | null },
): string | null {
  if (!accountType) return ACCOUNT_TYPE_MESSAGES.none;
  if (accountType === 'mailbox') return null;
  if (who.role === 'SUB_ADMIN') return ACCOUNT_TYPE_MESSAGES.subAdminMailboxOnly;
  if (who.role === 'USER' && who.parentRole === 'SUB_ADMIN') return ACCOUNT_TYPE_MESSAGES.mailboxOnly;
  return null;
}

/** The Shipping option is offered only to a USER whose parent user is a SUPER_ADMIN (or who has none). */
export function canChooseShipping(who: { role: RoleCode; parentRole?: RoleCode | null }): boolean {
  return who.role === 'USER' && who.parentRole !== 'SUB_ADMIN';
}

export const accountTypeSchema = z.object({
  userId: z.string().min(1),
  accountType: z.enum(['shipment', 'mailbox', 'both'], { error: ACCOUNT_TYPE_MESSAGES.none }),
});
export type AccountTypeInput = z.infer<typeof accountTypeSchema>;

/* ---------- Account information (spec 2.7, 3, 5) ---------- */

// Every text of the application: a name's or an address line's length at most, never NUL or lone surrogates.
const required = (message: string, max: number = TEXT_LIMITS.name) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, SAFE_TEXT_MESSAGES.tooLong(max))
    .refine(isSafeText, SAFE_TEXT_MESSAGES.unsafe);
const zip = required('Zip Code is required').max(ZIP_MAX_LENGTH, 'Zip Code cannot be longer than 10 characters');
const exactPhone = z
  .string()
  .trim()
  .min(1, { error: 'Phone number is required', abort: true })
  .length(PHONE_LENGTH, 'Phone number must be exactly 10 digits');
const optionalText = safeText(TEXT_LIMITS.address).optional().default('');

const addressFields = {
  address1: required('Address Line 1 is required', TEXT_LIMITS.address),
  address2: optionalText,
  city: required('City is required'),
  state: required('State is required'),
  country: required('Country is required'),
  zip,
};

const nameFields = {
  firstName: required('First Name is required'),
  middleName: required('Middle Initial is required').max(
    MIDDLE_INITIAL_LENGTH,
    'Middle initial must be a single character.',
  ),
  lastName: required('Last Name is required'),
};

/** Personal details; mailboxName is required only for mailbox (or both) accounts. */
export function personalSchema(opts: { mailbox: boolean }) {
  return z.object({
    ...nameFields,
    phone: z
      .string()
      .trim()
      .min(PHONE_LENGTH, 'Phone number must be at least 10 digits')
      .max(PHONE_LENGTH, 'Phone number cannot exceed 10 digits'),
    ...addressFields,
    mailboxName: opts.mailbox ? required('Mail box name is required') : optionalText,
  });
}

export const authorizedIndividualSchema = z.object({
  ...nameFields,
  phone: exactPhone,
  ...addressFields,
  mailboxName: required('Mail box name is required'),
});

export const businessSchema = z.object({
  name: required('Name is required'),
  type: required('Business type is required'),
  registrationPlace: required('Registration place is required'),
  phone: exactPhone,
  ...addressFields,
  mailboxName: required('Mail box name is required'),
});

export const MAILBOX_TYPES = ['personal', 'business'] as const;
export type MailboxType = (typeof MAILBOX_TYPES)[number];

export const ACCOUNT_INFO_MESSAGES = {
  businessRequired: 'Business data is required when mailboxType is business',
  authorizedRequired: 'Authorized Individual data is required',
} as const;

/**
 * The account-info payload of spec 7. `isAuthorized` tells the server the toggle was on, so a
 * missing block is reported rather than silently dropped.
 */
export function accountInfoSchema(opts: { mailbox: boolean }) {
  return z
    .object({
      userId: z.string().min(1),
      mailboxType: z.enum(MAILBOX_TYPES).optional(),
      personal: personalSchema(opts),
      business: businessSchema.optional(),
      isAuthorized: z.boolean().optional(),
      authorizedIndividual: authorizedIndividualSchema.optional(),
      isCourtProtected: z.boolean().default(false),
    })
    .superRefine((v, ctx) => {
      if (v.mailboxType === 'business' && !v.business) {
        ctx.addIssue({ code: 'custom', path: ['business'], message: ACCOUNT_INFO_MESSAGES.businessRequired });
      }
      if (v.isAuthorized && !v.authorizedIndividual) {
        ctx.addIssue({
          code: 'custom',
          path: ['authorizedIndividual'],
          message: ACCOUNT_INFO_MESSAGES.authorizedRequired,
        });
      }
    });
}
export type AccountInfoInput = z.infer<ReturnType<typeof accountInfoSchema>>;

/** Full name is first, middle and last joined by spaces (spec 4). */
export function fullName(p: {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}): string {
  return [p.firstName, p.middleName, p.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}

/* ---------- Mailbox rental contract (spec 2.7, 5) ---------- */

export const signFormSchema = z.object({
  userId: z.string().min(1),
  signature: required('Signature is required', TEXT_LIMITS.address),
});
export type SignFormInput = z.infer<typeof signFormSchema>;

/** The message when the typed signature is not the applicant's full name. */
export const SIGNATURE_MISMATCH_MESSAGE = 'Type your full name exactly as entered in your account information';

/** A name compared case- and spacing-insensitively ("  jane   DOE " is "Jane Doe"). */
function normalizeName(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** Whether a typed signature is the applicant's full name, case and spacing aside (empty names never match). */
export function signatureMatchesName(
  signature: string | null | undefined,
  fullName: string | null | undefined,
): boolean {
  if (!signature || !fullName) return false;
  const expected = normalizeName(fullName);
  return expected.length > 0 && normalizeName(signature) === expected;
}

/** The sign form checked against the applicant's full name (the client knows it; the server checks it again). */
export function signFormSchemaFor(fullName: string) {
  return signFormSchema.refine((v) => signatureMatchesName(v.signature, fullName), {
    message: SIGNATURE_MISMATCH_MESSAGE,
    path: ['signature'],
  });
}

/* ---------- Upload documents for USPS Form 1583 (spec 2.7, 3, 5) ---------- */

export const PHOTO_ID_TYPES = [
  "State, territory or tribal driver's or non-driver's ID card",
  'Uniformed Service ID',
  'Passport',
  'Certificate of Naturalization',
  'U.S. Access Card',
  'Matricula Consular',
  'U.S. Permanent Resident Card',
  'U.S. University ID Card',
  'NEXUS Card',
] as const;

export const ADDRESS_ID_TYPES = [
  "State, territory or tribal driver's or non-driver's ID card",
  'Current Lease',
  'Home or Vehicle Insurance Policy',
  'Mortgage or Deed of Trust',
  'Vehicle Registration Card',
  'Voter Card',
] as const;

export const UPLOAD_MESSAGES = {
  photoId: 'Photo ID is required',
  photoIdFile: 'Photo ID file is required',
  addressId: 'Address ID is required',
  addressIdFile: 'Address ID file is required',
  courtOrderFile: 'Court Order file is required',
  authorizedPhotoId: 'Authorized Photo ID is required',
  authorizedPhotoIdFile: 'Authorized Photo ID file is required',
  authorizedAddressId: 'Authorized Address ID is required',
  authorizedAddressIdFile: 'Authorized Address ID file is required',
  sameChoice: 'Address ID must be a different document from the Photo ID',
} as const;

/**
 * The ID-type choices of the upload form (files are checked separately, on both sides).
 * The address ID choice must differ from the photo ID choice.
 */
export function uploadDocumentsSchema(opts: { isAuthorized: boolean }) {
  const pair = (photoMsg: string, addressMsg: string) => ({
    photo: z.enum(PHOTO_ID_TYPES, { error: photoMsg }),
    address: z.enum(ADDRESS_ID_TYPES, { error: addressMsg }),
  });
  const own = pair(UPLOAD_MESSAGES.photoId, UPLOAD_MESSAGES.addressId);
  const auth = pair(UPLOAD_MESSAGES.authorizedPhotoId, UPLOAD_MESSAGES.authorizedAddressId);
  return z
    .object({
      userId: z.string().min(1),
      photoId: own.photo,
      addressId: own.address,
      authorizedPhotoId: opts.isAuthorized ? auth.photo : auth.photo.optional(),
      authorizedAddressId: opts.isAuthorized ? auth.address : auth.address.optional(),
    })
    .superRefine((v, ctx) => {
      if (v.photoId === v.addressId) {
        ctx.addIssue({ code: 'custom', path: ['addressId'], message: UPLOAD_MESSAGES.sameChoice });
      }
      if (v.authorizedPhotoId && v.authorizedPhotoId === v.authorizedAddressId) {
        ctx.addIssue({ code: 'custom', path: ['authorizedAddressId'], message: UPLOAD_MESSAGES.sameChoice });
      }
    });
}
export type UploadDocumentsInput = z.infer<ReturnType<typeof uploadDocumentsSchema>>;
