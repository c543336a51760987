import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

/** `pending`: committed, the provider (card or carrier) not yet answered and recorded. */
export type IntentStatus = 'pending' | 'succeeded' | 'failed';

/** JSON a purpose keeps on its intent: what it pays for, what a carrier sold for it, what it made. */
export type IntentJson = Record<string, unknown>;

/**
 * One purchase (docs/decisions/004-ledger-and-charge-path.md): committed before any provider is called, with the
 * amount, what it pays for and the request it answers, so a crash at any point leaves a row the recovery job can
 * finish or undo by asking the provider. `request_key` is the purchase's identity (the client's Idempotency-Key,
 * or one derived from what is bought); `body_hash` tells a retry from another request reusing the key. Each card
 * attempt is a `transactions` row pointing here, with the provider key `<intent id>#<attempt>` and the exact
 * parameters sent, so a retry of the same attempt sends byte-identical parameters.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose').notNull(),
    requestKey: text('request_key').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** What the purchase costs in all, and how much of it goes on the card (the rest: shipping credit, pay later). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    cardCents: bigint('card_cents', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull(),
    payload: jsonb('payload').$type<IntentJson>().notNull(),
    /** What a carrier sold for this purchase (a label), recorded as soon as it answered. */
    acquired: jsonb('acquired').$type<IntentJson>(),
    /** When what was acquired went back to the carrier (the label was voided): a failed purchase keeps nothing. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    status: text('status').$type<IntentStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The current card attempt (transactions.id), if the purchase charges a card. */
    transactionId: uuid('transaction_id'),
    /** What the purchase made (ids of the shipment, invoice, request...), for replays. */
    result: jsonb('result').$type<IntentJson>(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_intents_request_key').on(t.requestKey),
    index('payment_intents_user_created_idx').on(t.userId, t.createdAt),
    // Recovery: purchases left pending, oldest first; failed ones still holding a label to void.
    index('payment_intents_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    index('payment_intents_unreleased_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed' and ${t.acquired} is not null and ${t.releasedAt} is null`),
    check('payment_intents_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'payment_intents_amount_check',
      sql`${t.amountCents} >= 0 and ${t.cardCents} >= 0 and ${t.cardCents} <= ${t.amountCents}`,
    ),
  ],
);

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

/**
 * What the embedded sandboxes (payments and carrier) did, written outside every transaction of the app (each call
 * commits on its own, as a provider's record would), so recovery after a crash can ask them and the crash test can
 * count what was charged and bought. One row per provider key.
 */
export const sandboxProviderRecords = pgTable(
  'sandbox_provider_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'charge' | 'refund' | 'label' | 'void'>().notNull(),
    key: text('key').notNull(),
    /** The parameters the call carried (a repeated key with other parameters is refused, as Stripe does). */
    request: jsonb('request').$type<IntentJson>().notNull(),
    response: jsonb('response').$type<IntentJson>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_provider_records_kind_key').on(t.kind, t.key)],
);
