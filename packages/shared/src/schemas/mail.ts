import { z } from 'zod';
import { ADDRESS_MESSAGES } from './address-messages';
import { cents, numeric } from './numbers';
import { PHONE_LENGTH, ZIP_MAX_LENGTH } from '../constants';
import { MAIL_FOLDERS, MAIL_ITEM_KINDS, MAIL_ITEM_STATUSES, MAIL_REQUEST_STATUSES, MAIL_REQUEST_TYPES } from '../mail';
import { pageQuerySchema } from './paging';
import { DECLARED_VALUE_MAX_MESSAGE, MAX_DECLARED_VALUE_CENTS } from '../shipping/insurance';

/**
 * Payloads of mailbox operations: receiving mail at the store, the customer's requests, the
 * operator's quotes and completions, and the list filters. Messages follow spec 5's style.
 */
export const MAIL_MESSAGES = {
  kindRequired: 'Kind is required',
  kindInvalid: 'Kind must be letter, large envelope, package or pallet',
  senderRequired: 'Sender is required',
  senderTooLong: 'Sender must be 200 characters or fewer',
  weightInvalid: 'Weight must be a number of pounds greater than 0',
  dimensionInvalid: 'Dimensions must be numbers of inches greater than 0',
  packageWeightRequired: 'Weight is required for a package or pallet',
  messageTooLong: 'Message must be 1000 characters or fewer',
  trackingTooLong: 'Tracking number must be 100 characters or fewer',
  typeRequired: 'Request type is required',
  typeInvalid: 'Request type must be scan, forward, pickup, shred or junk',
  itemsInvalid: 'Choose up to 20 other items to consolidate',
  declaredValueInvalid: 'Declared value must be a whole number of cents from 0',
  addressRequired: 'Address is required',
  nameRequired: 'Name is required',
  ...ADDRESS_MESSAGES,
  amountInvalid: 'Amounts must be whole numbers of cents from 0',
  carrierRequired: 'Carrier is required',
  trackingRequired: 'Tracking number is required.',
  passcodeInvalid: 'Passcode must be 6 digits',
  pickupProofRequired: 'Enter the passcode, or confirm the authorized individual showed their ID',
  passcodeLocked:
    'Too many wrong passcodes: this pickup is locked until the customer issues a new passcode from their inbox.',
  passcodeRequiredNoAuthorized:
    'This mailbox has no authorized individual on file, so the one-time passcode is required.',
  confirmRequired: 'Confirm that the mail was shredded',
  folderInvalid: 'Folder must be inbox, archive or trash',
  idsRequired: 'Choose at least one notification',
  rateInvalid: 'Choose one of the rates offered',
  rateExpired: 'These rates have expired. Get the rates again.',
  signatureInvalid: 'Signature must be true or false',
  addressIdInvalid: 'Address id is invalid.',
} as const;

const money = cents(MAIL_MESSAGES.amountInvalid);
/** Weights and sizes: numbers (multipart fields arrive as text), never `true` or `[5]`. */
const positive = (message: string) => numeric(z.number({ error: message }).positive(message).max(100_000, message));
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);

/** POST mailboxes/{id}/labels: one item received at the store (multipart fields; photos arrive in `media`). */
export const receiveMailSchema = z
  .object({
    kind: z.enum(MAIL_ITEM_KINDS, { error: MAIL_MESSAGES.kindInvalid }),
    sender: z
      .string({ error: MAIL_MESSAGES.senderRequired })
      .trim()
      .min(1, MAIL_MESSAGES.senderRequired)
      .max(200, MAIL_MESSAGES.senderTooLong),
    carrier: optionalText(60, 'Carrier must be 60 characters or fewer'),
    trackingNumber: optionalText(100, MAIL_MESSAGES.trackingTooLong),
    weightLb: positive(MAIL_MESSAGES.weightInvalid).optional(),
    lengthIn: positive(MAIL_MESSAGES.dimensionInvalid).optional(),
    widthIn: positive(MAIL_MESSAGES.dimensionInvalid).optional(),
    heightIn: positive(MAIL_MESSAGES.dimensionInvalid).optional(),
    message: optionalText(1000, MAIL_MESSAGES.messageTooLong),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'package' || v.kind === 'pallet') && v.weightLb === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weightLb'], message: MAIL_MESSAGES.packageWeightRequired });
    }
    const dims = [v.lengthIn, v.widthIn, v.heightIn].filter((d) => d !== undefined).length;
    if (dims !== 0 && dims !== 3) {
      ctx.addIssue({ code: 'custom', path: ['lengthIn'], message: 'Enter length, width and height together' });
    }
  });
export type ReceiveMailInput = z.output<typeof receiveMailSchema>;

export const forwardAddressSchema = z.object({
  name: z.string({ error: MAIL_MESSAGES.nameRequired }).trim().min(1, MAIL_MESSAGES.nameRequired).max(120),
  companyName: optionalText(120, 'Company name must be 120 characters or fewer'),
  line1: z.string({ error: MAIL_MESSAGES.address1Required }).trim().min(1, MAIL_MESSAGES.address1Required).max(200),
  line2: optionalText(200, 'Address Line 2 must be 200 characters or fewer'),
  city: z.string({ error: MAIL_MESSAGES.cityRequired }).trim().min(1, MAIL_MESSAGES.cityRequired).max(100),
  state: z.string({ error: MAIL_MESSAGES.stateRequired }).trim().min(1, MAIL_MESSAGES.stateRequired).max(100),
  zipCode: z
    .string({ error: MAIL_MESSAGES.zipRequired })
    .trim()
    .min(1, MAIL_MESSAGES.zipRequired)
    .max(ZIP_MAX_LENGTH, MAIL_MESSAGES.zipTooLong),
  country: z.string({ error: MAIL_MESSAGES.countryRequired }).trim().min(1, MAIL_MESSAGES.countryRequired).max(100),
  phone: z
    .string()
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), MAIL_MESSAGES.phoneExact)
    .optional(),
});
export type ForwardAddress = z.output<typeof forwardAddressSchema>;

/** POST mail-items/{id}/requests. `forward` carries the address, insurance and the items consolidated with this one. */
export const createMailRequestSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('scan'), note: optionalText(500, 'Note must be 500 characters or fewer') }),
      z.object({ type: z.literal('pickup'), note: optionalText(500, 'Note must be 500 characters or fewer') }),
      z.object({ type: z.literal('shred'), note: optionalText(500, 'Note must be 500 characters or fewer') }),
      z.object({
        type: z.literal('junk'),
        /** "Always for this sender": future mail from the same sender is junked on arrival. */
        alwaysForSender: z.boolean().default(false),
      }),
      z.object({
        type: z.literal('forward'),
        /** Required unless `rateId` is given (the rate was asked for an address: the forward goes there). */
        address: forwardAddressSchema.optional(),
        /** A rate of GET mail-items/{id}/forward-rates: booked at exactly its price while it lasts. */
        rateId: z.uuid(MAIL_MESSAGES.rateInvalid).optional(),
        /** A signature on delivery (priced with the rate). */
        signature: z.boolean({ error: MAIL_MESSAGES.signatureInvalid }).default(false),
        declaredValueCents: money.default(0),
        /** Other items of the same mailbox shipped in the same parcel (consolidation). */
        consolidateItemIds: z.array(z.uuid(MAIL_MESSAGES.itemsInvalid)).max(20, MAIL_MESSAGES.itemsInvalid).default([]),
        note: optionalText(500, 'Note must be 500 characters or fewer'),
        /** The carrier service asked for (a rule's chosen service); the store confirms it with the quote. */
        service: optionalText(100, 'Service must be 100 characters or fewer'),
      }),
    ],
    { error: MAIL_MESSAGES.typeInvalid },
  )
  .superRefine((v, ctx) => {
    if (v.type === 'forward' && !v.address && !v.rateId) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: MAIL_MESSAGES.addressRequired });
    }
  });
export type CreateMailRequestInput = z.output<typeof createMailRequestSchema>;

const queryText = (max: number) => z.string().trim().max(max).optional();

/**
 * GET mail-items/{id}/forward-rates: where to (a saved address by `addressId`, or the address written out) and the
 * other items going in the same parcel (`itemIds`, comma-separated), with the value to insure.
 */
export const forwardRatesQuerySchema = z
  .object({
    addressId: z.uuid(MAIL_MESSAGES.addressIdInvalid).optional(),
    name: queryText(120),
    companyName: queryText(120),
    line1: queryText(200),
    line2: queryText(200),
    city: queryText(100),
    state: queryText(100).meta({ description: 'Forwarding address written out: the state' }),
    zipCode: queryText(ZIP_MAX_LENGTH),
    country: queryText(100),
    phone: queryText(20),
    itemIds: z
      .string()
      .max(20 * 37, MAIL_MESSAGES.itemsInvalid)
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.uuid(MAIL_MESSAGES.itemsInvalid)).max(21, MAIL_MESSAGES.itemsInvalid)),
    declaredValueCents: z.coerce
      .number({ error: MAIL_MESSAGES.declaredValueInvalid })
      .int(MAIL_MESSAGES.declaredValueInvalid)
      .min(0, MAIL_MESSAGES.declaredValueInvalid)
      .max(MAX_DECLARED_VALUE_CENTS, DECLARED_VALUE_MAX_MESSAGE)
      .default(0),
  })
  .transform((q, ctx) => {
    const { addressId, itemIds, declaredValueCents, ...fields } = q;
    if (addressId) return { addressId, address: null, itemIds, declaredValueCents };
    const parsed = forwardAddressSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({ code: 'custom', path: issue.path.length ? issue.path : ['addressId'], message: issue.message });
      return z.NEVER;
    }
    return { addressId: null, address: parsed.data, itemIds, declaredValueCents };
  });
export type ForwardRatesQuery = z.output<typeof forwardRatesQuerySchema>;

/** POST mail-requests/{id}/quote: what the work actually costs after packing (cents). */
export const mailRequestQuoteSchema = z.object({
  postageCents: money,
  handlingCents: money.default(0),
  weightLb: positive(MAIL_MESSAGES.weightInvalid).optional(),
  carrierService: optionalText(100, 'Carrier service must be 100 characters or fewer'),
  packaging: optionalText(100, 'Packaging must be 100 characters or fewer'),
  note: optionalText(500, 'Note must be 500 characters or fewer'),
});
export type MailRequestQuoteInput = z.output<typeof mailRequestQuoteSchema>;

/**
 * POST mail-requests/{id}/complete (JSON for forward, shred, pickup and junk; a scan is completed with a
 * multipart upload of the contents PDF in `media`).
 */
export const completeMailRequestSchema = z
  .object({
    carrier: optionalText(60, 'Carrier must be 60 characters or fewer'),
    trackingNumber: optionalText(100, MAIL_MESSAGES.trackingTooLong),
    confirmed: z.boolean().optional(),
    passcode: z
      .string()
      .regex(/^\d{6}$/, MAIL_MESSAGES.passcodeInvalid)
      .optional(),
    authorizedIndividualIdChecked: z.boolean().optional(),
    note: optionalText(500, 'Note must be 500 characters or fewer'),
  })
  .prefault({});
export type CompleteMailRequestInput = z.output<typeof completeMailRequestSchema>;

export const mailItemListQuerySchema = pageQuerySchema.extend({
  folder: z.enum(MAIL_FOLDERS, { error: MAIL_MESSAGES.folderInvalid }).default('inbox'),
  kind: z.enum(MAIL_ITEM_KINDS, { error: MAIL_MESSAGES.kindInvalid }).optional(),
  status: z.enum(MAIL_ITEM_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type MailItemListQuery = z.output<typeof mailItemListQuerySchema>;

export const mailboxListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  storeId: z.uuid().optional(),
  status: z.enum(['active', 'cancelled', 'closed']).optional(),
});
export type MailboxListQuery = z.output<typeof mailboxListQuerySchema>;

export const labelListQuerySchema = pageQuerySchema.extend({
  status: z.enum(MAIL_ITEM_STATUSES).optional(),
  kind: z.enum(MAIL_ITEM_KINDS, { error: MAIL_MESSAGES.kindInvalid }).optional(),
});

export const mailRequestListQuerySchema = pageQuerySchema.extend({
  type: z.enum(MAIL_REQUEST_TYPES, { error: MAIL_MESSAGES.typeInvalid }).optional(),
  /** Default: the open ones (requested, in progress, quote pending). */
  status: z.enum([...MAIL_REQUEST_STATUSES, 'open']).default('open'),
  storeId: z.uuid().optional(),
});
export type MailRequestListQuery = z.output<typeof mailRequestListQuerySchema>;

export const notificationsReadSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ ids: z.array(z.uuid()).min(1, MAIL_MESSAGES.idsRequired).max(100) }),
]);
export type NotificationsReadInput = z.output<typeof notificationsReadSchema>;
