import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

export type PayoutStatus = 'pending' | 'approved' | 'paid';
export type PayoutLineCategory =
  'subscription' | 'mailbox_fee' | 'forward' | 'shipping_margin' | 'refund' | 'provider_fee' | 'platform_share';

/**
 * What the platform owes a sub-admin for one month (docs/product-rules.md, "Payouts and plan limits"). Written once by the payout
 * job at period close and never recomputed: (sub_admin_user_id, period_start) is unique. Money is integer cents;
 * the sub-cent part of the payout is kept in 1/10,000 cent ("micro") and carried to the next period.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subAdminUserId: uuid('sub_admin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull(),
    providerFeeMicro: bigint('provider_fee_micro', { mode: 'number' }).notNull(),
    shareBasisPoints: integer('share_basis_points').notNull(),
    platformShareMicro: bigint('platform_share_micro', { mode: 'number' }).notNull(),
    carryInMicro: bigint('carry_in_micro', { mode: 'number' }).notNull().default(0),
    carryOutMicro: bigint('carry_out_micro', { mode: 'number' }).notNull().default(0),
    payoutCents: bigint('payout_cents', { mode: 'number' }).notNull(),
    currency: text('currency').$type<'usd'>().notNull().default('usd'),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    reference: text('reference'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_sub_admin_period_key').on(t.subAdminUserId, t.periodStart),
    index('payouts_period_idx').on(t.periodStart, t.id),
    index('payouts_status_period_idx').on(t.status, t.periodStart, t.id),
    check('payouts_status_check', sql`${t.status} in ('pending', 'approved', 'paid')`),
    check('payouts_paid_reference_check', sql`${t.status} <> 'paid' or ${t.reference} is not null`),
    check('payouts_amount_check', sql`${t.payoutCents} >= 0`),
  ],
);

/** One line of a payout statement, traceable to the invoice or transaction it comes from. */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    category: text('category').$type<PayoutLineCategory>().notNull(),
    description: text('description').notNull(),
    invoiceId: uuid('invoice_id'),
    transactionId: uuid('transaction_id'),
    /** Signed: money in is positive, refunds, fees and the platform's share negative. 1/10,000 cent. */
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('payout_lines_payout_idx').on(t.payoutId, t.category, t.sortOrder),
    check(
      'payout_lines_category_check',
      sql`${t.category} in ('subscription', 'mailbox_fee', 'forward', 'shipping_margin', 'refund', 'provider_fee', 'platform_share')`,
    ),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;
