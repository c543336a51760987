import type { ShipmentSummaryDto } from '@postwise/shared/schemas/shipping-dto';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shipments } from '../schema/shipments';
import type { Actor } from '../../identity';
import { sharedComputations } from '../../../lib/shared-computation';

/** Labels that were bought and still stand: not a draft, not voided, not cancelled. */
const STANDING = notInArray(shipments.status, ['draft', 'voided', 'cancelled']);

export const RECENT_SHIPMENTS = 5;

/**
 * GET shipments/summary: the caller's own shipping at a glance (their home; the super admin's home too, so only
 * their own). Count, savings (list price minus our price) and spend are SQL aggregates over standing labels; the
 * last five listed (non-draft) shipments come from shipments_user_listed_created_at_idx.
 */
export function shipmentSummary(db: Db, actor: Actor): Promise<ShipmentSummaryDto> {
  // One computation per caller at a time (their own shipments only: the key is theirs).
  return sharedSummaries(actor.userId, () => computeShipmentSummary(db, actor));
}

const sharedSummaries = sharedComputations<ShipmentSummaryDto>();

async function computeShipmentSummary(db: Db, actor: Actor): Promise<ShipmentSummaryDto> {
  const own = eq(shipments.userId, actor.userId);
  const [totals, recent] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        savingsCents: sql<number>`coalesce(sum(greatest(coalesce(${shipments.listPriceCents}, ${shipments.priceCents}, 0) - coalesce(${shipments.priceCents}, 0), 0)), 0)::int`,
        spentCents: sql<number>`coalesce(sum(coalesce(${shipments.priceCents}, 0)), 0)::int`,
      })
      .from(shipments)
      .where(and(own, STANDING)),
    db
      .select({
        id: shipments.id,
        uniqueId: shipments.uniqueId,
        status: shipments.status,
        carrier: shipments.carrier,
        carrierService: shipments.carrierService,
        shipmentDetails: shipments.shipmentDetails,
        trackingNumber: shipments.carrierTrackingNumber,
        receiver: shipments.receiver,
        priceCents: shipments.priceCents,
        createdAt: shipments.createdAt,
      })
      .from(shipments)
      .where(and(own, ne(shipments.status, 'draft')))
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(RECENT_SHIPMENTS),
  ]);
  const t = totals[0];
  return {
    count: t?.count ?? 0,
    savingsCents: t?.savingsCents ?? 0,
    spentCents: t?.spentCents ?? 0,
    recent: recent.map((r) => ({
      id: r.id,
      uniqueId: r.uniqueId,
      status: r.status,
      carrier: r.carrier,
      // The service as people read it ("FedEx Ground"), the carrier's code only when no name was kept.
      service: r.shipmentDetails.service || r.carrierService || '',
      trackingNumber: r.trackingNumber,
      receiverName: r.receiver.name,
      receiverCity: r.receiver.city,
      receiverState: r.receiver.state,
      priceCents: r.priceCents,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
