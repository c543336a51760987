import type { BatchRowStatus, BatchService, BatchStatus } from '@postwise/shared/schemas/shipment-batches';
import type { PaymentChoice, QuoteRequestInput } from '@postwise/shared/schemas/shipping';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { type Actor, users } from '../../identity';
import type { ShipmentAddress } from './shipments';

/**
 * A batch of labels from one CSV: the sender every row ships from, and where the batch is (rating its rows, ready
 * to buy, buying, done). Who uploaded it is kept as the actor the jobs rate and buy for.
 */
export const shipmentBatches = pgTable(
  'shipment_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<BatchStatus>().notNull().default('rating'),
    fileName: text('file_name'),
    sender: jsonb('sender').$type<ShipmentAddress>().notNull(),
    actor: jsonb('actor').$type<Actor>().notNull(),
    /** How the rows are paid, set once when buying starts (null until then). */
    payment: text('payment').$type<PaymentChoice>(),
    purchaseRequestedAt: timestamp('purchase_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_batches_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('shipment_batches_status_check', sql`${t.status} in ('rating', 'ready', 'purchasing', 'completed')`),
  ],
);

/** One CSV row of a batch: what it asked for, its problems or its chosen rate, then its label. */
export const shipmentBatchRows = pgTable(
  'shipment_batch_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => shipmentBatches.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    status: text('status').$type<BatchRowStatus>().notNull(),
    reference: text('reference'),
    service: text('service').$type<BatchService>(),
    /** The quote request the row stands for (null when the row could not be read into one). */
    request: jsonb('request').$type<QuoteRequestInput>(),
    receiver: jsonb('receiver').$type<ShipmentAddress>(),
    errors: jsonb('errors').$type<Record<string, string>>().notNull().default({}),
    message: text('message'),
    quoteId: uuid('quote_id'),
    rateId: uuid('rate_id'),
    carrier: text('carrier'),
    carrierService: text('carrier_service'),
    priceCents: integer('price_cents'),
    deliveryDate: text('delivery_date'),
    shipmentId: uuid('shipment_id'),
    trackingNumber: text('tracking_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('shipment_batch_rows_batch_row_unique').on(t.batchId, t.rowNumber),
    index('shipment_batch_rows_batch_status_idx').on(t.batchId, t.status),
    check('shipment_batch_rows_status_check', sql`${t.status} in ('pending', 'valid', 'invalid', 'bought', 'failed')`),
  ],
);
export type ShipmentBatchRow = typeof shipmentBatches.$inferSelect;
export type ShipmentBatchRowRow = typeof shipmentBatchRows.$inferSelect;
