import { BATCH_MESSAGES, type BatchDto } from '@postwise/shared/schemas/shipment-batches';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conflict, isAppError } from '../../../lib/errors';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { findCustomer, findDefaultPaymentMethod, NO_CUSTOMER_MESSAGE, NO_DEFAULT_CARD_MESSAGE } from '../../billing';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { audit, type Actor } from '../../identity';
import { shippingAccounts } from '../schema/shipping';
import { type ShipmentBatchRowRow, shipmentBatchRows, shipmentBatches } from '../schema/batches';
import { purchaseShipment, type PurchaseContext, QUOTE_EXPIRED } from '../shipments/purchase-shipment';
import { batchDto, findOwnBatch } from './batch-records';
import { eachLimited } from './each-limited';
import { type BatchJobData, rateRow } from './rate-batch';

export const BATCH_PURCHASE_JOB = 'shipment-batch-purchase';

/** Labels bought side by side; each is its own ledger charge under the customer's lock, so a few are enough. */
export const BATCH_PURCHASE_CONCURRENCY = 4;

/** The Idempotency-Key of one row's label: the same row is never charged twice, whoever retries. */
export const batchRowKey = (batchId: string, rowNumber: number) => `batch:${batchId}:row:${rowNumber}`;

/**
 * POST shipments/batches/{id}/purchase: buying starts once. The batch's own state is the idempotency: the first
 * call moves it from ready to purchasing and queues the job in the same transaction; any later call (a retry, a
 * double click, a second tab) answers the batch as it is and queues nothing.
 */
export async function purchaseBatch(
  db: Db,
  actor: Actor,
  id: string,
  payment: PaymentChoice,
  now: Date,
  provider: PaymentProvider['name'],
): Promise<{ batch: BatchDto; started: boolean }> {
  const batch = await findOwnBatch(db, actor, id);
  if (batch.status === 'rating') throw conflict(BATCH_MESSAGES.notReady);
  if (batch.status !== 'ready') return { batch: await batchDto(db, batch), started: false };
  const valid = await db.$count(
    shipmentBatchRows,
    and(eq(shipmentBatchRows.batchId, id), eq(shipmentBatchRows.status, 'valid')),
  );
  if (valid === 0) throw conflict(BATCH_MESSAGES.nothingToBuy);
  if (payment === 'card') await assertCanPayByCard(db, actor.userId, batch.id, provider);
  const started = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(shipmentBatches)
      .set({ status: 'purchasing', payment, purchaseRequestedAt: now, updatedAt: now })
      .where(and(eq(shipmentBatches.id, id), eq(shipmentBatches.status, 'ready')))
      .returning({ id: shipmentBatches.id });
    if (!moved) return false;
    await audit(tx, actor, 'shipment-batch.purchase', { type: 'shipment-batch', id }, { rows: valid, payment });
    await enqueueJob(tx, BATCH_PURCHASE_JOB, { batchId: id }, { key: `batch-purchase:${id}` });
    return true;
  });
  return { batch: await batchDto(db, await findOwnBatch(db, actor, id)), started };
}

/**
 * Asked before buying starts, as one label's purchase asks: without a card to charge (and not enough shipping credit
 * for the whole batch) the client opens the card dialog and tries again, instead of every row failing alike.
 */
async function assertCanPayByCard(db: Db, userId: string, batchId: string, provider: PaymentProvider['name']) {
  const [account] = await db
    .select({ credit: shippingAccounts.creditBalanceCents })
    .from(shippingAccounts)
    .where(eq(shippingAccounts.userId, userId));
  const [total] = await db
    .select({ cents: sql<number>`coalesce(sum(${shipmentBatchRows.priceCents}), 0)::int` })
    .from(shipmentBatchRows)
    .where(and(eq(shipmentBatchRows.batchId, batchId), eq(shipmentBatchRows.status, 'valid')));
  if ((account?.credit ?? 0) >= Number(total?.cents ?? 0)) return;
  if (!(await findCustomer(db, userId, provider))) throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
  const card = await findDefaultPaymentMethod(db, userId);
  if (!card || card.provider !== provider) throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');
}

/**
 * One row's label through the single-shipment purchase (one ledger charge, Idempotency-Key of the row). A quote
 * that expired while the batch waited is rated again once with the row's own choice.
 */
async function buyRow(
  ctx: PurchaseContext,
  actor: Actor,
  batchId: string,
  payment: PaymentChoice,
  row: ShipmentBatchRowRow,
) {
  const key = batchRowKey(batchId, row.rowNumber);
  let rateId = row.rateId!;
  const buy = () => purchaseShipment(ctx, actor, { rateId, payment }, key);
  let bought;
  try {
    bought = await buy();
  } catch (err) {
    if (!(isAppError(err) && err.code === 'CONFLICT' && err.message === QUOTE_EXPIRED)) throw err;
    const rated = await rateRow(ctx, actor, row.request!);
    if (rated.status !== 'valid') throw conflict(Object.values(rated.errors)[0] ?? QUOTE_EXPIRED);
    rateId = rated.rateId;
    await ctx.db
      .update(shipmentBatchRows)
      .set({ ...rated, updatedAt: ctx.now() })
      .where(eq(shipmentBatchRows.id, row.id));
    bought = await buy();
  }
  const { shipment } = bought;
  await ctx.db
    .update(shipmentBatchRows)
    .set({
      status: 'bought',
      shipmentId: shipment.id,
      trackingNumber: shipment.trackingNumber ?? shipment.uniqueId,
      priceCents: shipment.priceCents ?? row.priceCents ?? 0,
      message: null,
      updatedAt: ctx.now(),
    })
    .where(eq(shipmentBatchRows.id, row.id));
}

/**
 * Buys every valid row of a purchasing batch, a few at a time. A row the carrier or the card refuses is marked
 * failed with the reason and the others go on; an unexpected error (the database away) fails the job, whose retry
 * buys the rows still valid, each answered by the ledger from its key if it was charged already.
 */
export function batchPurchaseJob(ctx: PurchaseContext): JobDefinition<BatchJobData> {
  return {
    name: BATCH_PURCHASE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    maxRetryDelaySeconds: 300,
    expireInSeconds: 3600,
    async handler({ batchId }) {
      const [batch] = await ctx.db.select().from(shipmentBatches).where(eq(shipmentBatches.id, batchId));
      if (!batch || batch.status !== 'purchasing') return { skipped: true };
      const rows = await ctx.db
        .select()
        .from(shipmentBatchRows)
        .where(and(eq(shipmentBatchRows.batchId, batchId), eq(shipmentBatchRows.status, 'valid')));
      let unexpected: unknown = null;
      await eachLimited(rows, BATCH_PURCHASE_CONCURRENCY, async (row) => {
        try {
          await buyRow(ctx, batch.actor, batchId, batch.payment ?? 'card', row);
        } catch (err) {
          if (!isAppError(err)) {
            unexpected ??= err;
            return;
          }
          await ctx.db
            .update(shipmentBatchRows)
            .set({ status: 'failed', message: err.message, updatedAt: ctx.now() })
            .where(and(eq(shipmentBatchRows.id, row.id), eq(shipmentBatchRows.status, 'valid')));
        }
      });
      if (unexpected) throw unexpected;
      await ctx.db
        .update(shipmentBatches)
        .set({ status: 'completed', updatedAt: ctx.now() })
        .where(and(eq(shipmentBatches.id, batchId), eq(shipmentBatches.status, 'purchasing')));
      return { rows: rows.length };
    },
  };
}
