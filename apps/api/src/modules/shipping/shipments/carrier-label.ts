import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { CarrierAdapter } from '../../../integrations/carriers/carrier-adapter';
import type { FileStorage, StoredFile } from '../../../integrations/storage/file-storage';
import { appError } from '../../../lib/errors';
import { type ShipmentRow, shipments } from '../schema/shipments';
import type { CarrierRegistry } from './carrier-registry';

export type LabelFormat = 'pdf' | 'zpl';

export const LABEL_CONTENT_TYPES: Record<LabelFormat, string> = {
  pdf: 'application/pdf',
  zpl: 'application/zpl; charset=utf-8',
};

export const CARRIER_LABEL_UNAVAILABLE =
  "The carrier's label cannot be fetched right now. Please try again in a minute.";

/** Where a shipment's carrier label files live: `<labelKey>.pdf` and `<labelKey>.zpl`. */
export const carrierLabelKey = (shipmentId: string) => `shipment-labels/${shipmentId}/carrier-label`;
const fileKey = (labelKey: string, format: LabelFormat) => `${labelKey}.${format}`;

/**
 * Fetches the carrier's label files and keeps them in file storage; answers the key they are under. Network and
 * storage only: never call it inside a database transaction. Null for a provider that issues no real postage.
 */
export async function storeCarrierLabel(
  storage: FileStorage,
  adapter: CarrierAdapter,
  shipmentId: string,
  providerShipmentId: string,
): Promise<string | null> {
  if (!adapter.labelFiles) return null;
  const files = await adapter.labelFiles(providerShipmentId);
  const key = carrierLabelKey(shipmentId);
  await storage.put(fileKey(key, 'pdf'), files.pdf, LABEL_CONTENT_TYPES.pdf);
  await storage.put(fileKey(key, 'zpl'), files.zpl, LABEL_CONTENT_TYPES.zpl);
  return key;
}

/**
 * The carrier's label files fetched right after a purchase (no transaction is open then) and kept in storage: the
 * key they are under, or null when the carrier issues none or cannot give them now. A label that cannot be fetched
 * now does not undo the sale: the download fetches it later (carrierLabelFile).
 */
export async function keepCarrierLabel(
  storage: FileStorage,
  adapter: CarrierAdapter,
  shipmentId: string,
  providerShipmentId: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!adapter.labelFiles) return null;
  try {
    return await storeCarrierLabel(storage, adapter, shipmentId, providerShipmentId);
  } catch (err) {
    log.warn({ err, shipmentId }, 'carrier label not fetched with the purchase; fetched on download');
    return null;
  }
}

/** The files of a label whose sale was undone (voided): nobody may print them. */
export async function discardCarrierLabel(storage: FileStorage, labelKey: string, log: FastifyBaseLogger) {
  for (const format of ['pdf', 'zpl'] as const) {
    try {
      await storage.delete(fileKey(labelKey, format));
    } catch (err) {
      log.warn({ err, labelKey }, 'voided label file not deleted');
    }
  }
}

export interface CarrierLabelContext {
  db: Db;
  storage: FileStorage;
  carriers: CarrierRegistry;
  log: FastifyBaseLogger;
}

/**
 * The carrier's label of a shipment in the asked format: from storage, or, when the purchase could not fetch it
 * (the carrier was slow, the process stopped), fetched now and kept. Null when the shipment was sold by a provider
 * that issues no real postage (the sandbox, freight booked by hand): the product draws a sample instead. 503 when
 * a real label exists but cannot be had right now.
 */
export async function carrierLabelFile(
  ctx: CarrierLabelContext,
  row: ShipmentRow,
  format: LabelFormat,
): Promise<StoredFile | null> {
  if (row.labelKey) {
    const stored = await ctx.storage.get(fileKey(row.labelKey, format));
    if (stored) return stored;
  }
  if (!row.provider || !row.providerShipmentId) return null;
  const adapter = await ctx.carriers.byProvider(ctx.db, row.provider);
  if (!adapter) {
    // A real carrier's label whose provider is no longer configured: say so rather than draw a fake one.
    if (row.provider === 'easypost') throw appError('SERVICE_UNAVAILABLE', CARRIER_LABEL_UNAVAILABLE);
    return null;
  }
  if (!adapter.labelFiles) return null;
  let key: string | null;
  try {
    key = await storeCarrierLabel(ctx.storage, adapter, row.id, row.providerShipmentId);
  } catch (err) {
    ctx.log.warn({ err, shipmentId: row.id }, 'carrier label fetch failed');
    throw appError('SERVICE_UNAVAILABLE', CARRIER_LABEL_UNAVAILABLE);
  }
  if (!key) return null;
  await ctx.db.update(shipments).set({ labelKey: key }).where(eq(shipments.id, row.id));
  return ctx.storage.get(fileKey(key, format));
}
