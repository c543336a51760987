import { BATCH_MESSAGES } from '@postwise/shared/schemas/shipment-batches';
import { quoteRequestSchema, type QuoteRequestInput } from '@postwise/shared/schemas/shipping';
import { and, eq } from 'drizzle-orm';
import type { JobDefinition } from '../../../lib/job-queue';
import { isAppError } from '../../../lib/errors';
import type { Actor } from '../../identity';
import { type ShipmentBatchRowRow, shipmentBatchRows, shipmentBatches } from '../schema/batches';
import { createQuote, type QuoteContext } from '../shipments/create-quote';
import { BATCH_RATE_JOB } from './create-batch';
import { eachLimited } from './each-limited';
import { columnOfPath } from './read-batch-csv';

/** Rows rated side by side: enough to hide the carriers' latency, few enough to leave the API its connections. */
export const BATCH_RATE_CONCURRENCY = 6;

export interface BatchJobData {
  batchId: string;
}

/** What a row's rating settles: its chosen rate, or a message per column. */
export type RatedRow =
  | {
      status: 'valid';
      quoteId: string;
      rateId: string;
      carrier: string;
      carrierService: string;
      priceCents: number;
      deliveryDate: string;
    }
  | { status: 'invalid'; errors: Record<string, string> };

/**
 * One row quoted as the wizard quotes (the carrier's address verification included): the first rate in the row's
 * order, cheapest or fastest. A refused address or a parcel nothing fits makes the row invalid.
 */
export async function rateRow(ctx: QuoteContext, actor: Actor, request: QuoteRequestInput): Promise<RatedRow> {
  try {
    const quote = await createQuote(ctx, actor, quoteRequestSchema.parse(request));
    const rate = quote.rates[0];
    if (!rate) return { status: 'invalid', errors: { service: BATCH_MESSAGES.noRate } };
    return {
      status: 'valid',
      quoteId: quote.quoteId,
      rateId: rate.id,
      carrier: rate.carrier,
      carrierService: rate.service,
      priceCents: rate.priceCents + rate.insuranceCents,
      deliveryDate: rate.expectedDeliveryDate,
    };
  } catch (err) {
    if (isAppError(err) && err.code === 'VALIDATION_ERROR') {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(err.errors ?? { row: err.message })) {
        errors[columnOfPath(path)] ??= message;
      }
      return { status: 'invalid', errors };
    }
    throw err;
  }
}

/**
 * Rates every pending row of a batch, a few at a time, each row's answer written as it comes (the progress GET
 * shows); then the batch is ready to buy. A retry after a crash rates only the rows still pending.
 */
export function batchRateJob(ctx: QuoteContext): JobDefinition<BatchJobData> {
  return {
    name: BATCH_RATE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    maxRetryDelaySeconds: 300,
    expireInSeconds: 1800,
    async handler({ batchId }) {
      const [batch] = await ctx.db.select().from(shipmentBatches).where(eq(shipmentBatches.id, batchId));
      if (!batch || batch.status !== 'rating') return { skipped: true };
      const pending = await ctx.db
        .select()
        .from(shipmentBatchRows)
        .where(and(eq(shipmentBatchRows.batchId, batchId), eq(shipmentBatchRows.status, 'pending')));
      await eachLimited(pending, BATCH_RATE_CONCURRENCY, async (row: ShipmentBatchRowRow) => {
        const rated = await rateRow(ctx, batch.actor, row.request!);
        await ctx.db
          .update(shipmentBatchRows)
          .set({ ...rated, updatedAt: ctx.now() })
          .where(and(eq(shipmentBatchRows.id, row.id), eq(shipmentBatchRows.status, 'pending')));
      });
      await ctx.db
        .update(shipmentBatches)
        .set({ status: 'ready', updatedAt: ctx.now() })
        .where(and(eq(shipmentBatches.id, batchId), eq(shipmentBatches.status, 'rating')));
      return { rated: pending.length };
    },
  };
}
