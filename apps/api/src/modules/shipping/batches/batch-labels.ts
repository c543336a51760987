import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { conflict } from '../../../lib/errors';
import type { Actor } from '../../identity';
import { shipmentBatchRows } from '../schema/batches';
import { shipments } from '../schema/shipments';
import { carrierLabelFile, type CarrierLabelContext } from '../shipments/carrier-label';
import { renderLabelPdf } from '../shipments/label';
import { findOwnBatch } from './batch-records';

export const NO_LABELS_MESSAGE = 'No label of this batch is bought yet';

/**
 * GET shipments/batches/{id}/labels: every bought row's label (the carrier's own, or the sandbox sample) in one PDF,
 * in file order, for one print run. A voided label is left out.
 */
export async function batchLabelsPdf(ctx: CarrierLabelContext, actor: Actor, id: string): Promise<Buffer> {
  const batch = await findOwnBatch(ctx.db, actor, id);
  const rows = await ctx.db
    .select({ shipmentId: shipmentBatchRows.shipmentId })
    .from(shipmentBatchRows)
    .where(and(eq(shipmentBatchRows.batchId, batch.id), eq(shipmentBatchRows.status, 'bought')))
    .orderBy(asc(shipmentBatchRows.rowNumber));
  const ids = rows.map((r) => r.shipmentId!).filter(Boolean);
  const found = ids.length
    ? await ctx.db
        .select()
        .from(shipments)
        .where(and(inArray(shipments.id, ids), eq(shipments.userId, actor.userId)))
    : [];
  const byId = new Map(found.map((s) => [s.id, s]));
  const printable = ids
    .map((i) => byId.get(i))
    .filter((s) => s && s.status !== 'voided' && s.status !== 'cancelled' && s.carrierTrackingNumber);
  if (printable.length === 0) throw conflict(NO_LABELS_MESSAGE);
  const merged = await PDFDocument.create();
  for (const shipment of printable) {
    const carrier = await carrierLabelFile(ctx, shipment!, 'pdf');
    const source = await PDFDocument.load(carrier?.body ?? (await renderLabelPdf(shipment!)));
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  // Without object streams each page stays a plain object: a print tool (or a test) can count them as text.
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}
