import { z } from 'zod';
import { ADDRESS_MESSAGES } from './address-messages';
import { complianceIdsSchema, witnessSchema } from '../compliance';
import { isSafeText, SAFE_TEXT_MESSAGES, TEXT_LIMITS } from './safe-text';
import { MIDDLE_INITIAL_LENGTH, PHONE_LENGTH, ZIP_MAX_LENGTH } from '../constants';
import { ACCOUNT_TYPES } from '../roles';
import { pageQuerySchema } from './paging';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../time-zones';

/**
 * Administration forms and list filters: customers, sub-admins, referred clients, stores, FAQs,
 * policy and terms, settings and mailbox applications. Where spec 5 has a message for the same field it is
 * reused word for word; the other messages follow its style.
 */

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  middleInitial: 'Middle initial must be a single character.',
  phoneRequired: 'Phone number is required',
  storeNameRequired: 'Store name is required',
  ...ADDRESS_MESSAGES,
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  timeZone: 'Time zone must be an IANA time zone such as America/Los_Angeles',
  pmbPrefix: 'PMB prefix must be 10 characters or fewer',
  pmbNumber: 'Next PMB number must be a whole number from 1',
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  reasonRequired: 'Reason is required',
  htmlTooLong: 'The text is too long',
  emailTaken: 'An account with this email already exists',
  storeInUse: 'This store holds mailboxes and cannot be deleted',
  noStore: 'Add a store first: the mailbox needs a store for its PMB number',
  notPending: 'This application is not waiting for review',
  notImpersonating: 'This session is not accessing another account',
} as const;

// Required text: at most a free text's length unless the field says less (names, addresses), never NUL or
// lone surrogates.
const text = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(TEXT_LIMITS.freeText, SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.freeText))
    .refine(isSafeText, SAFE_TEXT_MESSAGES.unsafe);
const nameMax = [TEXT_LIMITS.name, SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.name)] as const;
const optionalText = z.string().trim().max(200).optional().default('');
const email = z
  .string()
  .trim()
  .min(1, { error: ADMIN_MESSAGES.emailRequired, abort: true })
  .pipe(z.email(ADMIN_MESSAGES.emailInvalid));
const phone = z
  .string()
  .trim()
  .min(1, { error: ADMIN_MESSAGES.phoneRequired, abort: true })
  .regex(/^\d{10}$/, ADMIN_MESSAGES.phoneExact);
const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(v), ADMIN_MESSAGES.phoneExact)
  .optional()
  .default('');
const middleName = z.string().trim().max(MIDDLE_INITIAL_LENGTH, ADMIN_MESSAGES.middleInitial).optional().default('');

/* ---------- Lists ---------- */

const search = z.string().trim().max(100).optional();

/** Customers list: search over name and e-mail, status and account type filters (spec 4 paging). */
export const customerListQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(USER_STATUSES).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const subAdminListQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(USER_STATUSES).optional(),
  isSuperSubAdmin: z.enum(['true', 'false']).optional(),
});
export type SubAdminListQuery = z.infer<typeof subAdminListQuerySchema>;

export const referredClientListQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(['SUB_ADMIN', 'USER']).optional(),
});
export type ReferredClientListQuery = z.infer<typeof referredClientListQuerySchema>;

export const storeListQuerySchema = pageQuerySchema.extend({ search });
export const faqAdminListQuerySchema = pageQuerySchema.extend({ search });
export const applicationListQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(['pending', 'rejected', 'active']).optional().default('pending'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
export const auditLogQuerySchema = pageQuerySchema.extend({
  userId: z.uuid().optional(),
  action: z.string().trim().max(100).optional(),
});

/* ---------- Customers and sub-admins ---------- */

/** Add Customer: the account is created in an invited state and the person is e-mailed a link to finish. */
export const addCustomerSchema = z.object({
  email,
  firstName: text(ADMIN_MESSAGES.firstNameRequired).max(...nameMax),
  lastName: text(ADMIN_MESSAGES.lastNameRequired).max(...nameMax),
  phone: optionalPhone,
});
export type AddCustomerInput = z.input<typeof addCustomerSchema>;

export const addSubAdminSchema = addCustomerSchema.extend({
  isSuperSubAdmin: z.boolean().optional().default(false),
});
export type AddSubAdminInput = z.input<typeof addSubAdminSchema>;

/** Edit of a customer or sub-admin by an admin; every field optional so status alone can change. */
export const updateManagedUserSchema = z.object({
  // No defaults here: a field left out stays as it is.
  firstName: text(ADMIN_MESSAGES.firstNameRequired)
    .max(...nameMax)
    .optional(),
  middleName: z.string().trim().max(MIDDLE_INITIAL_LENGTH, ADMIN_MESSAGES.middleInitial).optional(),
  lastName: text(ADMIN_MESSAGES.lastNameRequired)
    .max(...nameMax)
    .optional(),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10}$/.test(v), ADMIN_MESSAGES.phoneExact)
    .optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** Sub-admins only, and only the super admin sets it. */
  isSuperSubAdmin: z.boolean().optional(),
});
export type UpdateManagedUserInput = z.input<typeof updateManagedUserSchema>;

/* ---------- Store ---------- */

const coordinate = (min: number, max: number, message: string) =>
  z.union([z.number(), z.null()]).refine((v) => v === null || (v >= min && v <= max), message);

/** A store's or a reseller's postal address (the same lines, limits and messages on both forms). */
const postalAddressFields = {
  address1: text(ADMIN_MESSAGES.address1Required).max(200),
  address2: optionalText,
  city: text(ADMIN_MESSAGES.cityRequired).max(100),
  state: text(ADMIN_MESSAGES.stateRequired).max(100),
  zip: text(ADMIN_MESSAGES.zipRequired).max(ZIP_MAX_LENGTH, ADMIN_MESSAGES.zipTooLong),
  country: text(ADMIN_MESSAGES.countryRequired).max(100),
};

export const storeSchema = z.object({
  name: text(ADMIN_MESSAGES.storeNameRequired).max(120),
  ...postalAddressFields,
  phone,
  hours: z.string().trim().max(300).optional().default(''),
  latitude: coordinate(-90, 90, ADMIN_MESSAGES.latitude).optional().default(null),
  longitude: coordinate(-180, 180, ADMIN_MESSAGES.longitude).optional().default(null),
  pmbPrefix: z.string().trim().max(10, ADMIN_MESSAGES.pmbPrefix).optional().default('PMB'),
  nextPmbNumber: z
    .number({ error: ADMIN_MESSAGES.pmbNumber })
    .int(ADMIN_MESSAGES.pmbNumber)
    .min(1, ADMIN_MESSAGES.pmbNumber)
    .max(99_999_999, ADMIN_MESSAGES.pmbNumber)
    .optional()
    .default(1001),
  isDefault: z.boolean().optional().default(false),
  timeZone: z
    .string({ error: ADMIN_MESSAGES.timeZone })
    .trim()
    .refine(isTimeZone, ADMIN_MESSAGES.timeZone)
    .optional()
    .default(DEFAULT_TIME_ZONE),
});
export type StoreInput = z.input<typeof storeSchema>;

/* ---------- FAQs ---------- */

export const faqSchema = z.object({
  question: text(ADMIN_MESSAGES.questionRequired).max(500),
  answer: text(ADMIN_MESSAGES.answerRequired).max(5000),
  isPublished: z.boolean().optional().default(true),
});
export type FaqInput = z.input<typeof faqSchema>;

/** Reorder: the FAQ moves one place up or down in the public order. */
export const faqMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

/* ---------- Policy & Terms, settings ---------- */

export const POLICY_HTML_MAX_LENGTH = 200_000;

export const policyAndTermsSchema = z.object({
  privacyPolicyHtml: z.string().max(POLICY_HTML_MAX_LENGTH, ADMIN_MESSAGES.htmlTooLong),
  termsHtml: z.string().max(POLICY_HTML_MAX_LENGTH, ADMIN_MESSAGES.htmlTooLong),
});
export type PolicyAndTermsInput = z.infer<typeof policyAndTermsSchema>;

/** Account Setting: password protection of the Configuration tab (logos upload separately). */
export const accountSettingSchema = z.object({ isPasswordProtected: z.boolean() });
export type AccountSettingInput = z.infer<typeof accountSettingSchema>;

export const LOGO_KINDS = ['light', 'dark'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** Setting: the sub-admin's own contact details, shown to their customers. */
export const settingSchema = z.object({
  firstName: text(ADMIN_MESSAGES.firstNameRequired).max(100),
  middleName,
  lastName: text(ADMIN_MESSAGES.lastNameRequired).max(100),
  phone,
  ...postalAddressFields,
});
export type SettingInput = z.input<typeof settingSchema>;

/* ---------- Mailbox applications ---------- */

/**
 * Approve: the store, and what the agent checked on the original IDs (numbers, issuing authorities, expiry) with
 * the witness of Form 1583 (who, how, when).
 */
export const approveApplicationSchema = z.object({
  storeId: z.uuid().optional(),
  ids: complianceIdsSchema.optional(),
  witness: witnessSchema.optional(),
});
export type ApproveApplicationInput = z.infer<typeof approveApplicationSchema>;

/** Recording IDs after approval (a renewed ID, or IDs checked later): at least one ID. */
export const recordComplianceIdsSchema = z.object({
  ids: complianceIdsSchema.refine((ids) => ids.length > 0, { message: 'Record at least one ID' }),
  witness: witnessSchema.optional(),
});
export type RecordComplianceIdsInput = z.infer<typeof recordComplianceIdsSchema>;

export const rejectApplicationSchema = z.object({
  reason: text(ADMIN_MESSAGES.reasonRequired).max(1000),
});
export type RejectApplicationInput = z.infer<typeof rejectApplicationSchema>;
