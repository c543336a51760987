import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, desc, eq, gte, inArray, like, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments, type ShipmentStatus } from '../../db/schema/shipments';
import { paged } from '../../lib/paging';
import { toShipmentDto } from './shipment-records';
import type { ShippingActor } from './shipper-access';

export interface ShipmentListFilters {
  status?: ShipmentStatus;
  carrier?: string;
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
  /** A tracking number (ours or the carrier's, exact) or the start of the receiver's name. */
  search?: string;
  /** Super admin only: one customer's shipments. */
  userId?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * GET shipments: a customer's own shipments (the super admin: everyone's), newest first, paged in SQL with
 * seek-then-load and a capped, cached total (lib/paging.ts). The unfiltered lists seek on partial (created_at, id)
 * indexes of the listed (non-draft) shipments; each filter has an index that leads on it and ends on created_at (shipments_user_status_created_at_idx,
 * shipments_user_carrier_created_at_idx, ...); tracking numbers use the upper() indexes, names the pattern index.
 */
export function listShipments(db: Db, actor: ShippingActor, page: PageQuery, f: ShipmentListFilters) {
  const filters: SQL[] = [ne(shipments.status, 'draft')];
  if (!actor.isSuperAdmin) filters.push(eq(shipments.userId, actor.userId));
  else if (f.userId) filters.push(eq(shipments.userId, f.userId));
  if (f.status) filters.push(eq(shipments.status, f.status));
  if (f.carrier) filters.push(eq(shipments.carrier, f.carrier));
  if (f.from) filters.push(gte(shipments.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) filters.push(lt(shipments.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)));
  const term = f.search?.trim();
  if (term) {
    const upper = term.replace(/\s+/g, '').toUpperCase();
    filters.push(
      or(
        eq(sql`upper(${shipments.uniqueId})`, upper),
        eq(sql`upper(${shipments.carrierTrackingNumber})`, upper),
        like(shipments.receiverName, `${escapeLike(term.toLowerCase())}%`),
      )!,
    );
  }
  const where = and(...filters);
  return paged({
    page,
    db,
    // The page's ids by an index-only scan (shipments_listed_created_at_idx / shipments_user_listed_created_at_idx,
    // partial on status <> 'draft'), then only those rows: page 5,000 costs about what page 1 does.
    seek: {
      keys: (limit, offset) =>
        db
          .select({ id: shipments.id })
          .from(shipments)
          .where(where)
          .orderBy(desc(shipments.createdAt), desc(shipments.id))
          .limit(limit)
          .offset(offset),
      load: (keys) =>
        db
          .select()
          .from(shipments)
          .where(inArray(shipments.id, keys))
          .orderBy(desc(shipments.createdAt), desc(shipments.id)),
    },
    count: db
      .select({ one: sql`1` })
      .from(shipments)
      .where(where),
    map: (row) => toShipmentDto(row, actor),
  });
}
