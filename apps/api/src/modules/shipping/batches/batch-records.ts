import type { PageQuery } from '@postwise/shared/schemas/paging';
import {
  BATCH_MESSAGES,
  type BatchCounts,
  type BatchDto,
  type BatchRowDto,
  type BatchSummaryDto,
} from '@postwise/shared/schemas/shipment-batches';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { descending, pagedPrepared, preparedList } from '../../../db/paging';
import { notFound } from '../../../lib/errors';
import type { Actor } from '../../identity';
import { type ShipmentBatchRow, type ShipmentBatchRowRow, shipmentBatchRows, shipmentBatches } from '../schema/batches';

/** A batch of the caller's own: another customer's is "not found", as another's shipment is. */
export async function findOwnBatch(db: Db, actor: Actor, id: string): Promise<ShipmentBatchRow> {
  const [batch] = await db
    .select()
    .from(shipmentBatches)
    .where(and(eq(shipmentBatches.id, id), eq(shipmentBatches.userId, actor.userId)));
  if (!batch) throw notFound(BATCH_MESSAGES.notFound);
  return batch;
}

interface Figures {
  counts: BatchCounts;
  totalCents: number;
  boughtCents: number;
}

const EMPTY_FIGURES: Figures = {
  counts: { rows: 0, pending: 0, valid: 0, invalid: 0, bought: 0, failed: 0 },
  totalCents: 0,
  boughtCents: 0,
};

/** Rows per status and the money of each batch, counted in SQL (one grouped scan of the batches' rows). */
async function figuresOf(db: Db, batchIds: string[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  if (batchIds.length === 0) return figures;
  const grouped = await db
    .select({
      batchId: shipmentBatchRows.batchId,
      status: shipmentBatchRows.status,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${shipmentBatchRows.priceCents}), 0)::int`,
    })
    .from(shipmentBatchRows)
    .where(inArray(shipmentBatchRows.batchId, batchIds))
    .groupBy(shipmentBatchRows.batchId, shipmentBatchRows.status);
  for (const g of grouped) {
    const f = figures.get(g.batchId) ?? structuredClone(EMPTY_FIGURES);
    const count = Number(g.count);
    f.counts[g.status] += count;
    f.counts.rows += count;
    if (g.status === 'valid') f.totalCents += Number(g.cents);
    if (g.status === 'bought') f.boughtCents += Number(g.cents);
    figures.set(g.batchId, f);
  }
  return figures;
}

function toSummary(batch: ShipmentBatchRow, figures: Figures = EMPTY_FIGURES): BatchSummaryDto {
  return {
    id: batch.id,
    status: batch.status,
    fileName: batch.fileName,
    sender: {
      name: batch.sender.name,
      city: batch.sender.city,
      state: batch.sender.state,
      zipCode: batch.sender.zipCode,
    },
    ...figures,
    payment: batch.payment,
    createdAt: batch.createdAt.toISOString(),
    updatedAt: batch.updatedAt.toISOString(),
  };
}

function toRowDto(r: ShipmentBatchRowRow): BatchRowDto {
  return {
    id: r.id,
    row: r.rowNumber,
    status: r.status,
    reference: r.reference,
    service: r.service,
    receiver: r.receiver
      ? {
          name: r.receiver.name,
          city: r.receiver.city,
          state: r.receiver.state,
          zipCode: r.receiver.zipCode,
          country: r.receiver.country,
        }
      : null,
    errors: r.errors,
    message: r.message,
    carrier: r.carrier,
    carrierService: r.carrierService,
    priceCents: r.priceCents,
    expectedDeliveryDate: r.deliveryDate,
    shipmentId: r.shipmentId,
    trackingNumber: r.trackingNumber,
  };
}

/** GET shipments/batches/{id}: the batch, its progress and every row (at most BATCH_MAX_ROWS) in file order. */
export async function getBatch(db: Db, actor: Actor, id: string): Promise<BatchDto> {
  const batch = await findOwnBatch(db, actor, id);
  return batchDto(db, batch);
}

export async function batchDto(db: Db, batch: ShipmentBatchRow): Promise<BatchDto> {
  const [figures, rows] = await Promise.all([
    figuresOf(db, [batch.id]),
    db
      .select()
      .from(shipmentBatchRows)
      .where(eq(shipmentBatchRows.batchId, batch.id))
      .orderBy(asc(shipmentBatchRows.rowNumber)),
  ]);
  return { ...toSummary(batch, figures.get(batch.id)), rows: rows.map(toRowDto) };
}

/** GET shipments/batches: the caller's own batches, newest first, paged in SQL (shipment_batches_user_created_idx). */
export function listBatches(db: Db, actor: Actor, page: PageQuery) {
  const list = preparedList<ShipmentBatchRow>(db, 'shipment-batches', {}, () => ({
    from: shipmentBatches,
    where: eq(shipmentBatches.userId, sql.placeholder('userId')),
    key: shipmentBatches.id,
    order: descending(shipmentBatches.createdAt, shipmentBatches.id),
    load: (keys) => db.select().from(shipmentBatches).where(inArray(shipmentBatches.id, keys)),
  }));
  return pagedPrepared(list, { userId: actor.userId }, page, (b) => toSummary(b)).then(async (answer) => {
    const figures = await figuresOf(
      db,
      answer.items.map((b) => b.id),
    );
    return { ...answer, items: answer.items.map((b) => ({ ...b, ...(figures.get(b.id) ?? EMPTY_FIGURES) })) };
  });
}
