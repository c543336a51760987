import { type TrackingParty, type TrackingResult, toPublicScanEvent } from '@postwise/shared/public-tracking';
import type { ScanEvent } from '@postwise/shared/tracking';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type ShipmentAddress, type ShipmentRow, shipmentEvents, shipments } from '../schema/shipments';
import { notFound } from '../../../lib/errors';

/** Spec 8: a failed lookup shows 'Shipment not found'. */
export const SHIPMENT_NOT_FOUND = 'Shipment not found';

// Our numbers and carriers' numbers are short; anything longer cannot match and is not worth a query.
const MAX_TRACKING_NUMBER_LENGTH = 64;

function party(a: ShipmentAddress): TrackingParty {
  return {
    name: a.name,
    companyName: a.companyName ?? null,
    address: { line1: a.line1, zipCode: a.zipCode, state: a.state, country: a.country },
  };
}

export function toTrackingResult(row: ShipmentRow, rawEvents: unknown[]): TrackingResult {
  return {
    uniqueId: row.uniqueId,
    logistics: { carrier: row.carrier },
    shipmentDetails: {
      service: row.shipmentDetails.service,
      deliveryDate: row.shipmentDetails.deliveryDate ?? null,
      deliveryTime: row.shipmentDetails.deliveryTime ?? null,
      category: row.shipmentDetails.category ?? null,
    },
    sender: party(row.sender),
    receiver: party(row.receiver),
    // Contents and declared insurance stay private: only what a recipient needs to recognise the parcel.
    packages: row.packages.map((p) => ({
      packageType: p.packageType,
      dimension: p.dimension
        ? { unit: p.dimension.unit, length: p.dimension.length, width: p.dimension.width, height: p.dimension.height }
        : null,
      weight: p.weight ?? null,
      weightUnits: p.weightUnits ?? null,
      numberOfPackages: p.numberOfPackages,
      trackingNumber: p.trackingNumber ?? null,
    })),
    tracking: {
      details: {
        scanEvents: rawEvents.map(toPublicScanEvent).filter((e): e is ScanEvent => e !== null),
      },
    },
  };
}

/**
 * Public tracking (spec 2.9, 3): finds a shipment by our tracking number (uniqueId) or the carrier's, case-insensitive,
 * and answers only the public fields with its carrier events newest first. Drafts are not shipments yet.
 */
export async function trackPublic(db: Db, trackingNumber: string): Promise<TrackingResult> {
  const wanted = trackingNumber.trim().replace(/\s+/g, '').toUpperCase();
  if (!wanted || wanted.length > MAX_TRACKING_NUMBER_LENGTH) throw notFound(SHIPMENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      or(eq(sql`upper(${shipments.uniqueId})`, wanted), eq(sql`upper(${shipments.carrierTrackingNumber})`, wanted)),
    )
    // Our own number wins over a carrier number that happens to be equal.
    .orderBy(sql`(upper(${shipments.uniqueId}) = ${wanted}) desc`, desc(shipments.createdAt))
    .limit(1);
  if (!row || row.status === 'draft') throw notFound(SHIPMENT_NOT_FOUND);
  const events = await db
    .select({ raw: shipmentEvents.raw })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(sql`${shipmentEvents.occurredAt} desc nulls last`, asc(shipmentEvents.createdAt));
  return toTrackingResult(
    row,
    events.map((e) => e.raw),
  );
}
