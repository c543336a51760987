import { createHash } from 'node:crypto';
import { SCAN_FORM_MESSAGES, type ScanFormDto } from '@postwise/shared/schemas/scan-forms';
import type { ShipmentCustomerDto } from '@postwise/shared/schemas/shipping-dto';
import { dayKeyIn, dayRangeIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import { notFound } from '../../../lib/errors';
import type { Actor } from '../../identity';
import { type ScanFormRow, scanForms } from '../schema/scan-forms';
import type { ShipmentAddress } from '../schema/shipments';
import type { CarrierRegistry } from '../shipments/carrier-registry';
import { seesAllShipments } from '../shipments/shipper-access';
import { postalAddressDto } from '../shipments/shipment-records';

/** What the SCAN form use cases need from the app. */
export interface ScanFormContext {
  db: Db;
  carriers: CarrierRegistry;
  storage: FileStorage;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The only carrier with SCAN forms (USPS's PS Form 5630); other carriers take a day's labels without one. */
export const SCAN_FORM_CARRIER = 'USPS';

/** Where a form's PDF is kept in file storage. */
export const scanFormFileKey = (id: string) => `scan-forms/${id}/scan-form.pdf`;

const norm = (v: string | null | undefined) =>
  (v ?? '').replace(/[.,#]/g, ' ').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Which labels may share a form: the same owner and the same place they leave from. A SCAN form is per origin
 * address, so the person or company named on the label does not count, nor do case, punctuation, where the street
 * is split between the two lines ("1855 Industrial St, Unit 108" or line 2 "Unit 108") or a ZIP+4. Opaque to the
 * client, which sends it back to make the form.
 */
export function addressKeyOf(userId: string | null, a: ShipmentAddress): string {
  const text = [
    userId ?? '',
    norm(`${a.line1} ${a.line2 ?? ''}`),
    norm(a.city),
    norm(a.state),
    norm(a.zipCode).slice(0, 5),
    norm(a.country),
  ].join('|');
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** The platform day a label was bought on, as YYYY-MM-DD, and that day's bounds (its Los Angeles midnights). */
export const dayOf = (at: Date) => dayKeyIn(at, PLATFORM_TIME_ZONE);
export const dayBounds = (date: string): [Date, Date] => dayRangeIn(date, PLATFORM_TIME_ZONE);

export function toScanFormDto(row: ScanFormRow, customer: ShipmentCustomerDto | null = null): ScanFormDto {
  return {
    id: row.id,
    carrier: row.carrier,
    fromAddress: postalAddressDto(row.fromAddress),
    shipDate: row.shipDate,
    status: row.status,
    trackingNumbers: row.trackingNumbers,
    shipmentIds: row.shipmentIds,
    packageCount: row.packageCount,
    createdAt: row.createdAt.toISOString(),
    customer,
  };
}

/** A form the actor may see: their own (the super admin: any); another's is not found. */
export async function findVisibleScanForm(db: Db, actor: Actor, id: string): Promise<ScanFormRow> {
  const [row] = await db
    .select()
    .from(scanForms)
    .where(
      seesAllShipments(actor) ? eq(scanForms.id, id) : and(eq(scanForms.id, id), eq(scanForms.userId, actor.userId)),
    );
  if (!row) throw notFound(SCAN_FORM_MESSAGES.notFound);
  return row;
}
