import { BATCH_MESSAGES, type BatchDto } from '@postwise/shared/schemas/shipment-batches';
import { type Address, addressSchema } from '@postwise/shared/schemas/shipping';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { enqueueJob } from '../../../lib/job-queue';
import { notFound, validationFailed } from '../../../lib/errors';
import { audit, type Actor } from '../../identity';
import { addresses } from '../schema/shipping';
import { shipmentBatchRows, shipmentBatches } from '../schema/batches';
import { batchDto } from './batch-records';
import { readBatchCsv } from './read-batch-csv';

export const BATCH_RATE_JOB = 'shipment-batch-rate';

export interface BatchUpload {
  csv: string;
  fileName: string | null;
  /** A saved address of the caller's to ship from; absent: the default sender, as the wizard pre-fills it. */
  fromAddressId: string | null;
}

/** The sender of every row: the chosen saved address or the default one, checked as the wizard checks it. */
async function senderOf(db: Db, userId: string, fromAddressId: string | null): Promise<Address> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        fromAddressId ? eq(addresses.id, fromAddressId) : eq(addresses.isDefault, true),
      ),
    );
  if (!row) {
    if (fromAddressId) throw notFound(BATCH_MESSAGES.senderNotFound);
    throw validationFailed(BATCH_MESSAGES.noSender, { fromAddressId: BATCH_MESSAGES.noSender });
  }
  const parsed = addressSchema.safeParse(row);
  if (!parsed.success || parsed.data.country !== 'US') {
    const message = parsed.success ? 'We ship from the US only' : parsed.error.issues[0]!.message;
    throw validationFailed(message, { fromAddressId: message });
  }
  return parsed.data;
}

/**
 * POST shipments/batches: the CSV read and every row checked with the wizard's schemas at once (invalid rows
 * answered with their row number and a message per column); the valid rows are rated by a job after the answer,
 * whose progress GET shipments/batches/{id} shows.
 */
export async function createBatch(db: Db, actor: Actor, upload: BatchUpload, now: Date): Promise<BatchDto> {
  const sender = await senderOf(db, actor.userId, upload.fromAddressId);
  const rows = readBatchCsv(upload.csv, sender);
  const pending = rows.some((r) => r.request);
  const batch = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shipmentBatches)
      .values({
        userId: actor.userId,
        status: pending ? 'rating' : 'ready',
        fileName: upload.fileName?.slice(0, 200) ?? null,
        sender,
        actor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(shipmentBatchRows).values(
      rows.map((r) => ({
        batchId: created!.id,
        rowNumber: r.row,
        status: r.request ? ('pending' as const) : ('invalid' as const),
        reference: r.reference,
        service: r.service,
        request: r.request,
        receiver: r.receiver
          ? {
              name: r.receiver.name,
              line1: r.receiver.line1,
              city: r.receiver.city,
              state: r.receiver.state ?? '',
              zipCode: r.receiver.zipCode,
              country: r.receiver.country ?? 'US',
            }
          : null,
        errors: r.errors,
        updatedAt: now,
      })),
    );
    await audit(tx, actor, 'shipment-batch.create', { type: 'shipment-batch', id: created!.id }, { rows: rows.length });
    if (pending) await enqueueJob(tx, BATCH_RATE_JOB, { batchId: created!.id }, { key: `batch-rate:${created!.id}` });
    return created!;
  });
  return batchDto(db, batch);
}
