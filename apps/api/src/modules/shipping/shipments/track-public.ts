import {
  type TrackingParty,
  type TrackingPlace,
  type TrackingResult,
  destinationZipMatches,
  toPublicScanEvent,
} from '@postwise/shared/public-tracking';
import { SHIPMENT_STATUS_LABELS } from '@postwise/shared/shipping/lifecycle';
import { normalizeScanEvents, type ScanEvent } from '@postwise/shared/tracking';
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
    address: { line1: a.line1, city: a.city, zipCode: a.zipCode, state: a.state, country: a.country },
  };
}

function place(a: ShipmentAddress): TrackingPlace {
  return { city: a.city, state: a.state, country: a.country };
}

/** Who is looking: anyone, or someone who proved to know the parcel (destination ZIP code) or owns it. */
export interface TrackingViewer {
  /** The destination ZIP code the visitor typed, if any. */
  zip?: string | null;
  /** The signed-in caller, if any. */
  userId?: string | null;
  isSuperAdmin?: boolean;
}

/** Once a parcel has arrived (or will never travel) an expected delivery is no longer news. */
const SETTLED = new Set(['delivered', 'voided', 'cancelled']);

export function toTrackingResult(row: ShipmentRow, rawEvents: unknown[], viewer: TrackingViewer = {}): TrackingResult {
  const full =
    (!!viewer.userId && (viewer.isSuperAdmin || viewer.userId === row.userId)) ||
    destinationZipMatches(viewer.zip, row.receiver.zipCode, row.receiver.country);
  const scanEvents = rawEvents.map(toPublicScanEvent).filter((e): e is ScanEvent => e !== null);
  const settled = SETTLED.has(row.status);
  return {
    uniqueId: row.uniqueId,
    access: full ? 'full' : 'public',
    logistics: { carrier: row.carrier },
    status: { code: row.status, description: SHIPMENT_STATUS_LABELS[row.status] ?? row.status },
    shipmentDetails: {
      service: row.shipmentDetails.service,
      deliveryDate: settled ? null : (row.shipmentDetails.deliveryDate ?? null),
      deliveryTime: settled ? null : (row.shipmentDetails.deliveryTime ?? null),
      category: row.shipmentDetails.category ?? null,
    },
    deliveredAt: row.status === 'delivered' ? (normalizeScanEvents(scanEvents)[0]?.occurredAt ?? null) : null,
    origin: place(row.sender),
    destination: place(row.receiver),
    sender: full ? party(row.sender) : null,
    receiver: full ? party(row.receiver) : null,
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
    tracking: { details: { scanEvents } },
  };
}

/**
 * Public tracking (spec 2.9, 3): finds a shipment by our tracking number (uniqueId) or the carrier's, case-insensitive,
 * and answers only the public fields with its carrier events newest first (sender and receiver only for a viewer who
 * gave the destination ZIP code or owns the shipment). Drafts are not shipments yet.
 */
export async function trackPublic(
  db: Db,
  trackingNumber: string,
  viewer: TrackingViewer = {},
): Promise<TrackingResult> {
  const wanted = trackingNumber.trim().replace(/\s+/g, '').toUpperCase();
  if (!wanted || wanted.length > MAX_TRACKING_NUMBER_LENGTH) throw notFound(SHIPMENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      or(
        eq(sql`upper(${shipments.uniqueId})`, wanted),
        eq(sql`upper(${shipments.carrierTrackingNumber})`, wanted),
        // Any parcel's own number finds its shipment.
        sql`${shipments.parcelTrackingNumbers} @> array[${wanted}]::text[]`,
      ),
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
    viewer,
  );
}
