import type { ShipmentFullDto } from '@postwise/shared/schemas/shipping-dto';
import { normalizeScanEvents } from '@postwise/shared/tracking';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { customsLinesWithWeight, shipmentEvents } from '../schema/shipments';
import { transactions } from '../../billing';
import { findVisibleShipment, toShipmentDto } from './shipment-records';
import type { Actor } from '../../identity';

/** Full details (/shipments/{id}/full): tracking timeline, packages, customs, charges and label links. */
export async function getShipmentFull(db: Db, actor: Actor, id: string): Promise<ShipmentFullDto> {
  const row = await findVisibleShipment(db, actor, id);
  const events = await db
    .select({ raw: shipmentEvents.raw })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(sql`${shipmentEvents.occurredAt} desc nulls last`, asc(shipmentEvents.createdAt));
  const charges = row.transactionId
    ? await db
        .select()
        .from(transactions)
        .where(or(eq(transactions.id, row.transactionId), eq(transactions.requestKey, `shipment-refund:${row.id}`)))
        .orderBy(desc(transactions.createdAt))
    : [];
  const hasLabel = row.status !== 'voided' && row.status !== 'cancelled' && !!row.carrierTrackingNumber;
  const base = `/api/v1/shipments/${row.id}/label`;
  return {
    ...toShipmentDto(row, actor),
    customs: customsLinesWithWeight(row.customs),
    preferences: row.arrivalPreferences ?? null,
    timeline: normalizeScanEvents(events.map((e) => e.raw)),
    charges: charges.map((c) => ({
      id: c.id,
      kind: c.kind,
      status: c.status,
      amountCents: c.amountCents,
      createdAt: c.createdAt.toISOString(),
    })),
    labels: {
      pdf: hasLabel ? `${base}?format=pdf` : null,
      zpl: hasLabel ? `${base}?format=zpl` : null,
      customsForm: hasLabel && row.customs.length > 0 ? `/api/v1/shipments/${row.id}/customs-form` : null,
    },
  };
}
