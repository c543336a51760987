import { SHIPMENT_STATUS_LABELS } from '@postwise/shared/shipping/lifecycle';
import type { Db } from '../../../db/client';
import { emitWebhookEvent } from '../../platform';
import type { ShipmentRow } from '../schema/shipments';

function shipmentData(row: ShipmentRow, status: ShipmentRow['status']) {
  return {
    shipment: {
      id: row.id,
      uniqueId: row.uniqueId,
      status,
      carrier: row.carrier,
      service: row.carrierService,
      trackingNumber: row.carrierTrackingNumber,
      priceCents: row.priceCents,
      currency: 'usd',
      receiverName: (row.receiver as { name?: string } | null)?.name ?? null,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** shipment.created, in the transaction that records the bought label. */
export async function emitShipmentCreated(tx: Db, row: ShipmentRow) {
  if (!row.userId) return;
  await emitWebhookEvent(tx, {
    userId: row.userId,
    type: 'shipment.created',
    data: shipmentData(row, row.status),
    created: row.createdAt,
  });
}

/** shipment.updated with the tracking status, in the transaction that applies the carrier's update. */
export async function emitShipmentUpdated(
  tx: Db,
  row: ShipmentRow,
  status: ShipmentRow['status'],
  tracking: { detail: string | null; at: Date },
) {
  if (!row.userId) return;
  await emitWebhookEvent(tx, {
    userId: row.userId,
    type: 'shipment.updated',
    data: {
      ...shipmentData(row, status),
      tracking: {
        status,
        statusLabel: SHIPMENT_STATUS_LABELS[status],
        previousStatus: row.status,
        detail: tracking.detail,
        at: tracking.at.toISOString(),
      },
    },
    created: tracking.at,
  });
}
