import type {
  CreatedMailRequest,
  ForwardRates,
  IntakeReading,
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

export const intakeReadingSchema = z
  .object({
    text: z.string(),
    pmbNumber: z.number().int().nullable(),
    pmb: z.string().nullable(),
    mailbox: mailboxSummarySchema.nullable(),
    candidates: z.array(mailboxSummarySchema),
    sender: z.string().nullable(),
    senderKnown: z.boolean(),
  })
  .meta({ id: 'IntakeReading' });

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
    scanPreviewUrl: z
      .string()
      .nullable()
      .meta({
        description:
          "A signed link (valid about a day, no session needed) to the scan's first page as WebP: append " +
          '`&width=160|320|640|1280`. The PDF itself (scanUrl) is fetched only when opened.',
      }),
    trashedAt: z.string().nullable(),
    purgeAt: z.string().nullable(),
    openRequest: requestRef.nullable(),
    rule: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
    /** Only on GET mail-items/{id}: the newest request, finished or not (its timeline and tracking). */
    lastRequest: requestRef.nullable().optional(),
    searchable: z.object({ envelope: z.boolean(), scan: z.boolean() }).meta({
      description: 'Whose words were read in the background (envelope photos, contents scan): found by search.',
    }),
    recognisedText: z
      .object({ envelope: z.string().nullable(), scan: z.string().nullable() })
      .optional()
      .meta({ description: 'Only on GET mail-items/{id}: the text read from the envelope and the scan.' }),
    searchMatch: z
      .object({
        source: z.enum(['scan', 'envelope']),
        parts: z.array(z.object({ text: z.string(), match: z.boolean() })),
      })
      .nullable()
      .optional()
      .meta({
        description: 'Only with `search`: the words around the match in the read text, the searched words marked.',
      }),
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
        scanPreviewUrl: null,
        trashedAt: null,
        purgeAt: null,
        openRequest: null,
        rule: null,
        searchable: { envelope: true, scan: false },
      },
    ],
  });

/** A forward's destination as the API answers it (a mail request's, a forwarding rule's). */
export const forwardAddressDto = z.object({
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
  signatureCents: z.number().int().optional(),
});

export const forwardTrackingSchema = z
  .object({
    shipmentId: z.string(),
    carrier: z.string(),
    service: z.string().nullable(),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable(),
    status: z.string(),
    events: z.array(z.object({ at: z.string().nullable(), description: z.string(), city: z.string().nullable() })),
  })
  .meta({ id: 'ForwardTracking' });

const forwardRateSchema = z
  .object({
    rateId: z.string(),
    kind: z.enum(['live', 'formula']),
    carrier: z.string().nullable(),
    service: z.string().nullable(),
    transitDays: z.number().int().nullable(),
    expectedDeliveryDate: z.string().nullable(),
    postageCents: z.number().int(),
    handlingCents: z.number().int(),
    consolidationCents: z.number().int(),
    priceCents: z.number().int(),
    signatureCents: z.number().int(),
    insuranceCents: z.number().int(),
  })
  .meta({ id: 'ForwardRate' });

export const forwardRatesSchema = z
  .object({
    parcel: z
      .object({
        weightLb: z.number(),
        dimensions: z.object({ lengthIn: z.number(), widthIn: z.number(), heightIn: z.number() }),
      })
      .nullable(),
    itemIds: z.array(z.string()),
    declaredValueCents: z.number().int(),
    live: z.boolean(),
    fallbackReason: z.string().nullable(),
    expiresAt: z.string(),
    rates: z.array(forwardRateSchema),
  })
  .meta({ id: 'ForwardRates' });

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
    forwardRate: z.object({ carrier: z.string(), service: z.string(), signature: z.boolean() }).nullable(),
    shipmentId: z.string().nullable(),
    tracking: forwardTrackingSchema.nullable().optional(),
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
  Same<z.output<typeof forwardRatesSchema>, ForwardRates>,
  Same<z.output<typeof intakeReadingSchema>, IntakeReading>,
] = [true, true, true, true, true, true, true, true];
void checks;
