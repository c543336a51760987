import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices';
import type { PaymentProviderName } from './payment-customers';
import { paymentMethods } from './payment-methods';
import { plans } from './plans';
import { users } from '../../identity';

export type TransactionKind = 'charge' | 'refund';
/** `pending`: reserved before the provider is called, not yet answered (see modules/billing/charge.ts). */
export type TransactionStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One attempt to move money. `request_key` is the caller's purchase (the Idempotency-Key header, or one
 * derived by the server); `idempotency_key` is this attempt's key at the provider (request key plus attempt
 * number), unique so the same attempt is never charged twice.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The plan a purchase charge buys (its invoice is written after the charge), so recovery can finish it. */
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<'usd'>().notNull().default('usd'),
    kind: text('kind').$type<TransactionKind>().notNull().default('charge'),
    status: text('status').$type<TransactionStatus>().notNull(),
    description: text('description').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerChargeId: text('provider_charge_id'),
    requestKey: text('request_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key').on(t.idempotencyKey),
    index('transactions_request_key_idx').on(t.requestKey),
    // The transaction lists' orders (created_at, id): the super admin's, and a user's own.
    index('transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_invoice_idx').on(t.invoiceId),
    index('transactions_provider_charge_idx').on(t.providerChargeId),
    check('transactions_kind_check', sql`${t.kind} in ('charge', 'refund')`),
    check('transactions_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    // Recovery finds interrupted charges: pending reservations, oldest first.
    index('transactions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('transactions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
