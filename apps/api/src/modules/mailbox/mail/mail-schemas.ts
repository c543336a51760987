import type {
  CreatedMailRequest,
  MailboxDetail,
  MailboxSummary,
  MailItem,
  MailRequest,
  MyMailbox,
} from '@postwise/shared/mail-api';
import {
  MAIL_FOLDERS,
  MAIL_ITEM_KINDS,
  MAIL_ITEM_STATUSES,
  MAIL_REQUEST_STATUSES,
  MAIL_REQUEST_TYPES,
} from '@postwise/shared/mail';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

/** Response schemas of mailbox operations (validated and documented in OpenAPI), pinned to the shared types. */

const addressSchema = z.object({ lines: z.array(z.string()), text: z.string() });

const mailboxSummaryShape = z.object({
  id: z.string(),
  pmbNumber: z.number().int(),
  pmb: z.string(),
  status: z.enum(['active', 'cancelled', 'closed']),
  mailboxType: z.enum(['personal', 'business']),
  holder: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  names: z.array(z.string()),
  store: z.object({ id: z.string(), name: z.string() }),
  address: addressSchema,
  isApproved: z.boolean(),
  itemsOnHand: z.number().int(),
  feesAccruedCents: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export const mailboxSummarySchema = mailboxSummaryShape.meta({ id: 'MailboxListItem' });

export const mailboxDetailSchema = mailboxSummaryShape
  .extend({ recentSenders: z.array(z.string()) })
  .meta({ id: 'MailboxDetail' });

const requestRef = z.object({
  id: z.string(),
  type: z.enum(MAIL_REQUEST_TYPES),
  status: z.enum(MAIL_REQUEST_STATUSES),
});

export const mailItemSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    mailboxId: z.string(),
    pmb: z.string(),
    kind: z.enum(MAIL_ITEM_KINDS),
    sender: z.string(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    weightLb: z.number().nullable(),
    dimensions: z.object({ lengthIn: z.number(), widthIn: z.number(), heightIn: z.number() }).nullable(),
    message: z.string().nullable(),
    status: z.enum(MAIL_ITEM_STATUSES),
    folder: z.enum(MAIL_FOLDERS),
    receivedAt: z.string(),
    freeUntil: z.string(),
    freeDaysLeft: z.number().int(),
    feeAccruedCents: z.number().int(),
    storageDailyFeeCents: z.number().int(),
    photoUrls: z.array(z.string()),
    photoThumbnailUrls: z.array(z.string()).meta({
      description:
        'Per photo, a signed link (valid about a day, no session needed) to its WebP thumbnails: append ' +
        '`&width=160|320|640|1280`. For <img srcset>, which cannot send the session header.',
    }),
    scanUrl: z.string().nullable(),
    trashedAt: z.string().nullable(),
    purgeAt: z.string().nullable(),
    openRequest: requestRef.nullable(),
    rule: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
    /** Only on GET mail-items/{id}: the newest request, finished or not (its timeline and tracking). */
    lastRequest: requestRef.nullable().optional(),
  })
  .meta({
    id: 'MailItem',
    examples: [
      {
        id: '5a8c1e3f-7b2d-4f6a-9c0e-1d4b7a2e8f35',
        number: 1042,
        mailboxId: 'c3e7a9b1-2d4f-4a6c-8e0b-5f7d9a1c3e52',
        pmb: '1042',
        kind: 'letter',
        sender: 'Internal Revenue Service',
        carrier: 'USPS',
        trackingNumber: null,
        weightLb: 0.1,
        dimensions: null,
        message: null,
        status: 'received',
        folder: 'inbox',
        receivedAt: '2026-03-03T18:12:00.000Z',
        freeUntil: '2026-04-02T18:12:00.000Z',
        freeDaysLeft: 29,
        feeAccruedCents: 0,
        storageDailyFeeCents: 50,
        photoUrls: ['/api/v1/mail-items/5a8c1e3f-7b2d-4f6a-9c0e-1d4b7a2e8f35/photos/0'],
        photoThumbnailUrls: [
          '/api/v1/mail-items/5a8c1e3f-7b2d-4f6a-9c0e-1d4b7a2e8f35/photos/0/thumbnail?expires=1772668800&signature=3q2-7w',
        ],
        scanUrl: null,
        trashedAt: null,
        purgeAt: null,
        openRequest: null,
        rule: null,
      },
    ],
  });

const forwardAddressDto = z.object({
  name: z.string(),
  companyName: z.string().optional(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string().optional(),
});

const quoteDto = z.object({
  postageCents: z.number().int(),
  handlingCents: z.number().int(),
  insuranceCents: z.number().int(),
  consolidationCents: z.number().int(),
  totalCents: z.number().int(),
});

export const mailRequestSchema = z
  .object({
    id: z.string(),
    type: z.enum(MAIL_REQUEST_TYPES),
    status: z.enum(MAIL_REQUEST_STATUSES),
    itemIds: z.array(z.string()),
    item: z.object({
      id: z.string(),
      number: z.number().int(),
      kind: z.enum(MAIL_ITEM_KINDS),
      sender: z.string(),
      status: z.enum(MAIL_ITEM_STATUSES),
    }),
    mailbox: z.object({ id: z.string(), pmb: z.string(), storeId: z.string(), storeName: z.string() }),
    customer: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
    address: forwardAddressDto.nullable(),
    declaredValueCents: z.number().int(),
    estimate: quoteDto.nullable(),
    paidCents: z.number().int(),
    quoteCents: z.number().int().nullable(),
    extraDueCents: z.number().int(),
    refundCents: z.number().int(),
    carrierService: z.string().nullable(),
    packaging: z.string().nullable(),
    outboundCarrier: z.string().nullable(),
    outboundTracking: z.string().nullable(),
    pickedUpBy: z.enum(['passcode', 'authorized_individual']).nullable(),
    pickup: z.object({ authorizedIndividualName: z.string().nullable(), passcodeLocked: z.boolean() }).nullable(),
    note: z.string().nullable(),
    ageSeconds: z.number().int(),
    events: z.array(
      z.object({
        at: z.string(),
        status: z.enum([...MAIL_REQUEST_STATUSES, 'quote']),
        byUserId: z.string().nullable(),
        note: z.string().optional(),
      }),
    ),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
  })
  .meta({ id: 'MailRequest' });

export const createdMailRequestSchema = z
  .object({ request: mailRequestSchema, passcode: z.string().nullable() })
  .meta({ id: 'CreatedMailRequest' });

export const myMailboxSchema = z
  .object({
    id: z.string(),
    pmb: z.string(),
    pmbNumber: z.number().int(),
    status: z.enum(['active', 'cancelled', 'closed']),
    names: z.array(z.string()),
    address: addressSchema,
    store: z.object({ id: z.string(), name: z.string(), phone: z.string(), hours: z.string() }),
    scansRemaining: z.number().int(),
    topupScans: z.number().int(),
    newItems: z.number().int(),
    itemsAboutToIncurFees: z.number().int(),
    feesAccruedCents: z.number().int(),
  })
  .meta({ id: 'MyMailbox' });

const checks: [
  Same<z.output<typeof mailboxSummarySchema>, MailboxSummary>,
  Same<z.output<typeof mailboxDetailSchema>, MailboxDetail>,
  Same<z.output<typeof mailItemSchema>, MailItem>,
  Same<z.output<typeof mailRequestSchema>, MailRequest>,
  Same<z.output<typeof createdMailRequestSchema>, CreatedMailRequest>,
  Same<z.output<typeof myMailboxSchema>, MyMailbox>,
] = [true, true, true, true, true, true];
void checks;
