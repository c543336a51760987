import { z } from 'zod';
import { ADDRESS_ID_TYPES, authorizedIndividualSchema, PHOTO_ID_TYPES, personalSchema } from './schemas/onboarding';

/* ---------- Notification preferences ---------- */

/** The events a customer is told about; the same kinds the notifications of the API carry. */
export const NOTIFICATION_EVENTS = [
  { kind: 'new_mail', label: 'New mail received' },
  { kind: 'scan_ready', label: 'Scan ready' },
  { kind: 'request_completed', label: 'Request completed' },
  { kind: 'quote_changed', label: 'Quote changed' },
  { kind: 'fees_soon', label: 'Storage fees coming up' },
  { kind: 'shipment_update', label: 'Shipment out for delivery, delivered or delayed' },
  { kind: 'invoice_due', label: 'Invoice due (a charge did not go through)' },
] as const;

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['kind'];
export const NOTIFICATION_EVENT_KINDS = NOTIFICATION_EVENTS.map((e) => e.kind) as [
  NotificationEvent,
  ...NotificationEvent[],
];

const channel = z.object(
  Object.fromEntries(NOTIFICATION_EVENT_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationEvent, z.ZodBoolean>,
);

/**
 * Which events go out by e-mail, which show in the app and which arrive as push notifications on the devices the
 * customer opted in. `push` may be left out (clients from before push keep working): the stored choice stays.
 */
export const notificationPreferencesSchema = z.object({ email: channel, inApp: channel, push: channel.optional() });
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
export type NotificationPreferences = Required<NotificationPreferencesInput>;

const allOn = () =>
  Object.fromEntries(NOTIFICATION_EVENT_KINDS.map((k) => [k, true])) as Record<NotificationEvent, boolean>;

/** Nothing chosen yet: every event on every channel (push reaches only devices the customer opted in). */
export function defaultNotificationPreferences(): NotificationPreferences {
  return { email: allOn(), inApp: allOn(), push: allOn() };
}

/** The stored preferences completed with the defaults (events added later start on). */
export function effectivePreferences(
  stored: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences {
  const base = defaultNotificationPreferences();
  return {
    email: { ...base.email, ...(stored?.email ?? {}) },
    inApp: { ...base.inApp, ...(stored?.inApp ?? {}) },
    push: { ...base.push, ...(stored?.push ?? {}) },
  };
}

/* ---------- Profile ---------- */

/**
 * PUT account-settings/profile: the personal details, and for a mailbox holder the authorized individual
 * (null removes it), validated by the onboarding schemas with their messages.
 */
export function profileUpdateSchema(opts: { mailbox: boolean }) {
  return z.object({
    personal: personalSchema(opts),
    authorizedIndividual: authorizedIndividualSchema.nullable().optional(),
  });
}
export type ProfileUpdateInput = z.infer<ReturnType<typeof profileUpdateSchema>>;

interface PersonLike {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip?: string | null;
  phone?: string | null;
  mailboxName?: string | null;
}

/** The fields of a person USPS Form 1583 prints: name and address. */
const FORM_1583_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'zip',
] as const satisfies readonly (keyof PersonLike)[];

const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

function personChanged(a: PersonLike | null | undefined, b: PersonLike | null | undefined): boolean {
  if (!a || !b) return Boolean(a) !== Boolean(b);
  return FORM_1583_FIELDS.some((f) => norm(a[f]) !== norm(b[f]));
}

/**
 * Whether an edit changes what the mailbox application's USPS Form 1583 says (the applicant's name or
 * address, the authorized individual, or an ID): such an edit sends the application back for review.
 * Case and spacing do not count; phone and mailbox name are not on the form's identity lines.
 */
export function needsReReview(
  before: { personal: PersonLike; authorizedIndividual: PersonLike | null },
  after: { personal: PersonLike; authorizedIndividual: PersonLike | null; documentsReplaced?: boolean },
): boolean {
  if (after.documentsReplaced) return true;
  return (
    personChanged(before.personal, after.personal) ||
    personChanged(before.authorizedIndividual, after.authorizedIndividual)
  );
}

export const ACCOUNT_SETTINGS_MESSAGES = {
  reReview: 'Your changes were saved. Your mailbox application was sent back for review.',
  saved: 'Profile updated',
  preferencesSaved: 'Notification preferences saved',
  passwordRequired: 'Password is required',
  wrongPassword: 'Password is incorrect',
  closed: 'Your account is closed.',
  documentRequired: 'Please choose a file',
  kindRequired: 'Document is required',
  idTypeInvalid: 'Please choose an ID type from the list',
} as const;

/** POST account-settings/close: the password confirms it is the holder. */
export const closeAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_SETTINGS_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_SETTINGS_MESSAGES.passwordRequired),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** The ID documents a holder may replace from the profile. */
export const REPLACEABLE_DOCUMENT_KINDS = ['photoId', 'addressId', 'authorizedPhotoId', 'authorizedAddressId'] as const;
export type ReplaceableDocumentKind = (typeof REPLACEABLE_DOCUMENT_KINDS)[number];

/** The ID types of spec 3 a document of this kind may be. */
export function idTypesFor(kind: ReplaceableDocumentKind): readonly string[] {
  return kind === 'photoId' || kind === 'authorizedPhotoId' ? PHOTO_ID_TYPES : ADDRESS_ID_TYPES;
}

/** What closing an account does, shown before the customer confirms. */
export const CLOSE_ACCOUNT_CONSEQUENCES = [
  'Mail that arrives for you over the next 6 months is returned to sender.',
  'Invoices still open stay due: pay them from Invoices & Billing before you close.',
  'This month’s ship-now-pay-later charges become a final invoice, due 14 days after you close; we e-mail you what is still due.',
  'Your subscription is cancelled and will not renew.',
  'You are signed out everywhere, and you cannot sign in again.',
] as const;

/* ---------- Answers ---------- */

export interface ProfileDocument {
  id: string;
  kind: string;
  idType: string | null;
  reviewStatus: 'pending' | 'approved' | 'rejected';
  createdAt: string;
}

export interface AccountProfile {
  email: string;
  role: string;
  accountType: 'shipment' | 'mailbox' | 'both' | null;
  personal: Record<string, string>;
  /** Mailbox holders only. */
  mailbox: null | {
    pmb: string;
    address: string;
    storeName: string;
    names: string[];
    status: 'active' | 'closed';
  };
  mailboxType: 'personal' | 'business' | null;
  authorizedIndividual: Record<string, string> | null;
  isCourtProtected: boolean;
  /** The mailbox application: none, pending (under review), active, inactive, rejected. */
  applicationStatus: 'none' | 'pending' | 'active' | 'inactive' | 'rejected';
  documents: ProfileDocument[];
}

export interface ProfileUpdateResult {
  profile: AccountProfile;
  reReview: boolean;
}

export interface AccountSettings {
  notificationPreferences: NotificationPreferences;
  defaultSenderAddress: null | {
    id: string;
    name: string;
    line1: string;
    city: string;
    state: string;
    zipCode: string;
  };
  closedAt: string | null;
  /** Open invoices of the customer (what is still owed). */
  openInvoices: number;
}
