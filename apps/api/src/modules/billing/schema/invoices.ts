import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { subscriptions } from './subscriptions';
import { users } from '../../identity';

export type InvoiceCategory = 'subscription' | 'topup' | 'reinstatement' | 'late_fee' | 'mail_request' | 'shipment';
export type InvoiceStatus = 'open' | 'paid' | 'void';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
  /**
   * What of this line is the issuer's margin (a label's price less the carrier's cost), recorded at sale time so
   * payouts read it from the ledger. Absent: the whole amount is revenue.
   */
  marginCents?: number;
  /** What the line is for, when it names one record (a shipment's id), so it can be taken off again (a void). */
  ref?: string;
  /** The label of a paid line was voided afterwards (refunded as credit or to the card): no margin is earned. */
  voided?: boolean;
}

/** Invoice numbers count up across the whole platform (INV-000001, ...). */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1001 });

/**
 * What a user owes an issuer (the platform's super admin or a sub-admin). Never deleted: an invoice that is
 * no longer owed becomes `void`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuerUserId: uuid('issuer_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').$type<InvoiceCategory>().notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    // bigint: a month's pay-later invoice sums many labels, and sums of totals pass 2^31 cents.
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').$type<'usd'>().notNull().default('usd'),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /**
     * Set while a payment of this invoice is in flight (the intent paying it): the invoice is frozen, its total is
     * what the card is charged, and anything billed meanwhile goes onto the next open invoice.
     */
    payingIntentId: uuid('paying_intent_id'),
    /** When the receipt e-mail (with this invoice's PDF) was sent: once per invoice. */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    // Each (filter, sort) of the invoice lists has an index ending in the list order (created_at, number), so a
    // page's numbers come from an index-only scan however deep the page (db/paging.ts).
    index('invoices_user_status_created_idx').on(t.userId, t.status, t.createdAt, t.number),
    index('invoices_user_created_idx').on(t.userId, t.createdAt, t.number),
    index('invoices_issuer_status_created_idx').on(t.issuerUserId, t.status, t.createdAt, t.number),
    index('invoices_issuer_created_idx').on(t.issuerUserId, t.createdAt, t.number),
    index('invoices_status_created_idx').on(t.status, t.createdAt, t.number),
    index('invoices_created_idx').on(t.createdAt, t.number),
    // Invoice-number search is a prefix match on lower(number), read as a range of this index; the number and
    // created_at after it let the search find its matches and their order from the index alone (index-only).
    index('invoices_number_pattern_idx').on(sql`lower(${t.number}) text_pattern_ops`, t.number, t.createdAt),
    index('invoices_subscription_status_idx').on(t.subscriptionId, t.status),
    // Analytics & Reports: paid revenue of a range by category (and issuer) from the index alone.
    index('invoices_status_paid_at_idx').on(t.status, t.paidAt, t.category, t.totalCents, t.issuerUserId),
    // Analytics & Reports: reactivations of a range (paid reinstatements, a rare category) without reading the
    // range's other paid invoices.
    index('invoices_reinstatement_paid_idx')
      .on(t.paidAt, t.userId)
      .where(sql`${t.category} = 'reinstatement' and ${t.status} = 'paid'`),
    check(
      'invoices_category_check',
      sql`${t.category} in ('subscription', 'topup', 'reinstatement', 'late_fee', 'mail_request', 'shipment')`,
    ),
    check('invoices_status_check', sql`${t.status} in ('open', 'paid', 'void')`),
    check('invoices_total_check', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
