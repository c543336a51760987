import type {
  ForwardParcel,
  ForwardQuote,
  MailFeeKind,
  MailFolder,
  MailItemKind,
  MailItemStatus,
  MailRequestStatus,
  MailRequestType,
} from '@postwise/shared/mail';
import type { ForwardAddressDto } from '@postwise/shared/mail-api';
import type { MailRuleAction, MailRuleMatch } from '@postwise/shared/mail-rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from '../../billing';
import { shipments } from '../../shipping';
import { mailboxes } from './mailboxes';
import { stores } from './stores';
import { users } from '../../identity';

/** PostgreSQL's full-text document type (read back as its text form, which nothing here reads). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Short, human item numbers printed on the internal label next to the PMB (M-1000001, ...). */
export const mailItemNumberSeq = pgSequence('mail_item_number_seq', { startWith: 1_000_001 });

/**
 * A piece of mail (letter, large envelope, package, pallet) received at a store for a mailbox. The box holder
 * (user_id) and store (store_id) are copied from the mailbox so the customer's inbox and the operator's lists
 * are one indexed range each. The storage clock (free_until, storage_daily_fee_cents, receiving_fee_cents) is a
 * snapshot of the plan at receipt, so the fee shown for an item never changes when a plan is edited later.
 */
export const mailItems = pgTable(
  'mail_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('mail_item_number_seq')`),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<MailItemKind>().notNull(),
    sender: text('sender').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    weightLb: doublePrecision('weight_lb'),
    lengthIn: doublePrecision('length_in'),
    widthIn: doublePrecision('width_in'),
    heightIn: doublePrecision('height_in'),
    /** The operator's note to the customer. */
    message: text('message'),
    /** Envelope or label photos (front, then back), storage keys. */
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull().default([]),
    /** The opened contents as a PDF once a scan request is completed. */
    contentScanKey: text('content_scan_key'),
    /** Text read from the envelope photos in the background (null until read, or without photos). */
    envelopeText: text('envelope_text'),
    /** Text read from the contents scan in the background (null until read); the scan is then searchable. */
    scanText: text('scan_text'),
    /** Both texts as one English document for GET mail-items?search=, kept by PostgreSQL itself. */
    recognisedTextSearch: tsvector('recognised_text_search').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce(envelope_text, '') || ' ' || coalesce(scan_text, ''))`,
    ),
    status: text('status').$type<MailItemStatus>().notNull().default('received'),
    folder: text('folder').$type<MailFolder>().notNull().default('inbox'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    freeUntil: timestamp('free_until', { withTimezone: true }).notNull(),
    storageDailyFeeCents: integer('storage_daily_fee_cents').notNull().default(0),
    receivingFeeCents: integer('receiving_fee_cents').notNull().default(0),
    /** The item left the store or was destroyed: storage stops accruing. */
    storageEndedAt: timestamp('storage_ended_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** The trash was emptied (30 days after trashed_at): the item is gone from every folder; the row stays for the fees. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    feeWarningSentAt: timestamp('fee_warning_sent_at', { withTimezone: true }),
    /** The request in work on this item (also set on items consolidated into another item's forward). */
    openRequestId: uuid('open_request_id'),
    receivedByUserId: uuid('received_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The operator's Idempotency-Key of the intake (one per entry of the receive-mail dialog) and a hash of what
     * was entered: a retry answers this item, the same key with other fields is refused.
     */
    intakeKey: text('intake_key'),
    intakeHash: text('intake_hash'),
    /** The customer's rule that acted on this item, and its name then (kept when the rule is deleted). */
    ruleId: uuid('rule_id').references((): AnyPgColumn => mailRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_items_number_key').on(t.number),
    uniqueIndex('mail_items_mailbox_intake_key').on(t.mailboxId, t.intakeKey),
    // Inbox / archive / trash of one box, newest first (GET mail-items). Partial on "not purged" like the lists, so
    // the page's ids come from an index-only scan; ascending, since a backward scan answers
    // `order by received_at desc, id desc` (a DESC NULLS LAST index would not: the planner sorted every row).
    index('mail_items_mailbox_folder_received_idx')
      .on(t.mailboxId, t.folder, t.receivedAt, t.id)
      .where(sql`${t.purgedAt} is null`),
    // A word inside an item's scan or on its envelope (the inbox search); the box is checked on the few matches.
    index('mail_items_recognised_text_search_idx').using('gin', t.recognisedTextSearch),
    // Analytics & Reports: mail volume of a range by store and kind from the index alone.
    index('mail_items_created_store_kind_idx').on(t.createdAt, t.storeId, t.kind),
    // A box's labels for the operator, newest first (GET mailboxes/{id}/labels).
    index('mail_items_mailbox_received_idx')
      .on(t.mailboxId, t.receivedAt, t.id)
      .where(sql`${t.purgedAt} is null`),
    // Search by sender within a box ("starts with", like the other searches).
    index('mail_items_mailbox_sender_idx').on(t.mailboxId, sql`lower(${t.sender}) text_pattern_ops`),
    // A box's items still at the store with what their fees are made of: the mailbox list's items on hand and fees
    // accrued from the index alone (mailboxOnHand).
    index('mail_items_on_hand_idx')
      .on(t.mailboxId, t.freeUntil, t.receivingFeeCents, t.storageDailyFeeCents)
      .where(sql`${t.storageEndedAt} is null and ${t.purgedAt} is null`),
    // The storage jobs: items still at the store, by when their free period ends.
    index('mail_items_in_storage_idx')
      .on(t.freeUntil)
      .where(sql`${t.storageEndedAt} is null`),
    index('mail_items_trash_idx')
      .on(t.trashedAt)
      .where(sql`${t.folder} = 'trash' and ${t.purgedAt} is null`),
    check('mail_items_kind_check', sql`${t.kind} in ('letter', 'large_envelope', 'package', 'pallet')`),
    check('mail_items_folder_check', sql`${t.folder} in ('inbox', 'archive', 'trash')`),
    check(
      'mail_items_status_check',
      sql`${t.status} in ('received', 'scan_requested', 'scanned', 'forward_requested', 'forwarded', 'pickup_requested', 'picked_up', 'shred_requested', 'shredded', 'junk_requested', 'junked')`,
    ),
    check('mail_items_fees_check', sql`${t.storageDailyFeeCents} >= 0 and ${t.receivingFeeCents} >= 0`),
  ],
);
export type MailItemRow = typeof mailItems.$inferSelect;
export type NewMailItemRow = typeof mailItems.$inferInsert;

export interface MailRequestEvent {
  at: string;
  status: MailRequestStatus | 'quote';
  byUserId: string | null;
  note?: string;
}

/**
 * A customer's request on a mail item (scan, forward, pickup, shred, junk), worked by the store's operator.
 * Money: paid_cents is what the customer paid when requesting (forward: postage + handling + insurance +
 * consolidation), quote_cents the operator's actual figure; a higher quote waits for approval (quote_pending),
 * a lower one is credited back (refund_cents).
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailItemId: uuid('mail_item_id')
      .notNull()
      .references(() => mailItems.id, { onDelete: 'restrict' }),
    /** Every item this request covers (the first is mail_item_id; more when consolidating a forward). */
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    type: text('type').$type<MailRequestType>().notNull(),
    status: text('status').$type<MailRequestStatus>().notNull().default('requested'),
    address: jsonb('address').$type<ForwardAddressDto>(),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    estimate: jsonb('estimate').$type<ForwardQuote>(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    quoteCents: integer('quote_cents'),
    /** Difference awaiting the customer's approval (higher quote), charged on approval. */
    extraDueCents: integer('extra_due_cents').notNull().default(0),
    /** Overpayment after a lower quote, credited on the month's mail usage invoice. */
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull().default(0),
    /** How much of refund_cents usage invoices have already credited. */
    refundCreditedCents: bigint('refund_credited_cents', { mode: 'number' }).notNull().default(0),
    carrierService: text('carrier_service'),
    packaging: text('packaging'),
    outboundCarrier: text('outbound_carrier'),
    outboundTracking: text('outbound_tracking'),
    /** The live rate a forward was booked on: what the operator's one-click label buys (null: the fixed formula). */
    forwardRate: jsonb('forward_rate').$type<BookedForwardRate>(),
    /** The outbound label bought for a forward (a shipment of the store's owner; tracking comes from it). */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** One-time pickup passcode (SHA-256), never stored in clear. */
    passcodeHash: text('passcode_hash'),
    /** Wrong passcodes typed at the counter since the passcode was issued; at PICKUP_PASSCODE_MAX_FAILURES it locks. */
    passcodeFailures: integer('passcode_failures').notNull().default(0),
    /** Set when too many wrong passcodes were typed: no passcode works until the customer issues a new one. */
    passcodeLockedAt: timestamp('passcode_locked_at', { withTimezone: true }),
    pickedUpBy: text('picked_up_by').$type<'passcode' | 'authorized_individual'>(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    paymentRequestKey: text('payment_request_key'),
    note: text('note'),
    events: jsonb('events').$type<MailRequestEvent[]>().notNull().default([]),
    handledByUserId: uuid('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The operator queue: oldest first, by status (super admin) or by store and status (sub-admin).
    index('mail_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('mail_requests_store_status_created_idx').on(t.storeId, t.status, t.createdAt, t.id),
    index('mail_requests_item_created_idx').on(t.mailItemId, t.createdAt),
    index('mail_requests_user_created_idx').on(t.userId, t.createdAt),
    // Analytics & Reports: turnaround of requests completed in a range, per store.
    index('mail_requests_status_completed_idx').on(t.status, t.completedAt, t.storeId, t.createdAt),
    uniqueIndex('mail_requests_payment_request_key').on(t.paymentRequestKey),
    check('mail_requests_type_check', sql`${t.type} in ('scan', 'forward', 'pickup', 'shred', 'junk')`),
    check(
      'mail_requests_status_check',
      sql`${t.status} in ('requested', 'in_progress', 'quote_pending', 'completed', 'cancelled')`,
    ),
    check(
      'mail_requests_money_check',
      sql`${t.paidCents} >= 0 and ${t.extraDueCents} >= 0 and ${t.refundCents} >= 0 and ${t.declaredValueCents} >= 0`,
    ),
  ],
);
export type MailRequestRow = typeof mailRequests.$inferSelect;

/** A carrier service as rated for a parcel: enough to buy the same service again for the label. */
export interface BookedForwardRate {
  provider: string;
  carrier: string;
  service: string;
  category: string;
  transitDays: number;
  deliveryDate: string | null;
  costCents: number;
  postageCents: number;
  signature: boolean;
  parcel: ForwardParcel;
  /** The rated sender (the store) and receiver, in the shipping area's address shape. */
  sender: Record<string, unknown>;
  receiver: Record<string, unknown>;
}

/**
 * The rates offered for a forward (GET mail-items/{id}/forward-rates), kept so a booking is charged exactly the
 * price shown: the rateId is this row's id, valid for the customer, the items and the address it was rated for,
 * until expires_at. A `formula` row is the fixed formula where no carrier rate could be had.
 */
export const mailForwardRates = pgTable(
  'mail_forward_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailItemId: uuid('mail_item_id')
      .notNull()
      .references(() => mailItems.id, { onDelete: 'cascade' }),
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    address: jsonb('address').$type<ForwardAddressDto>().notNull(),
    kind: text('kind').$type<'live' | 'formula'>().notNull(),
    /** The live rate without and with a signature (null for the formula). */
    rate: jsonb('rate').$type<Omit<BookedForwardRate, 'signature' | 'postageCents' | 'costCents'>>(),
    postageCents: integer('postage_cents').notNull(),
    costCents: integer('cost_cents').notNull(),
    signaturePostageCents: integer('signature_postage_cents').notNull(),
    signatureCostCents: integer('signature_cost_cents').notNull(),
    handlingCents: integer('handling_cents').notNull(),
    consolidationCents: integer('consolidation_cents').notNull(),
    sortOrder: integer('sort_order').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_forward_rates_item_created_idx').on(t.mailItemId, t.createdAt),
    check('mail_forward_rates_kind_check', sql`${t.kind} in ('live', 'formula')`),
  ],
);
export type MailForwardRateRow = typeof mailForwardRates.$inferSelect;

/**
 * Fees an item accrued: one row per item, fee kind and day (receiving fees on the day of receipt, storage for
 * each day after the free period). The unique key makes the daily accrual job idempotent across runs and
 * processes (insert ... on conflict do nothing). invoice_id is set when the month's usage invoice takes it.
 */
export const mailItemFees = pgTable(
  'mail_item_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailItemId: uuid('mail_item_id')
      .notNull()
      .references(() => mailItems.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<MailFeeKind>().notNull(),
    feeDate: date('fee_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_item_fees_item_kind_date_key').on(t.mailItemId, t.kind, t.feeDate),
    // The monthly usage invoice: a user's fees not invoiced yet, by day.
    index('mail_item_fees_uninvoiced_idx')
      .on(t.userId, t.feeDate)
      .where(sql`${t.invoiceId} is null`),
    check(
      'mail_item_fees_kind_check',
      sql`${t.kind} in ('storage', 'package_receiving', 'overweight', 'pallet_receiving', 'consolidation')`,
    ),
    check('mail_item_fees_amount_check', sql`${t.amountCents} >= 0`),
  ],
);
export type MailItemFeeRow = typeof mailItemFees.$inferSelect;

/**
 * A customer's rule on incoming mail (the old "always junk this sender" is one: sender equals, junk). Checked at
 * intake, oldest first; the first active rule that matches acts, and the item records it (mail_items.rule_id).
 * The condition and the action are kept as the shared schemas write them (packages/shared/src/mail-rules.ts).
 */
export const mailRules = pgTable(
  'mail_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    match: jsonb('match').$type<MailRuleMatch>().notNull(),
    action: jsonb('action').$type<MailRuleAction>().notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    appliedCount: integer('applied_count').notNull().default(0),
    lastAppliedAt: timestamp('last_applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The customer's list and the intake's "their rules, oldest first".
    index('mail_rules_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);
export type MailRuleRow = typeof mailRules.$inferSelect;
