import type { PageQuery } from '@postwise/shared/schemas/paging';
import { dayRangeIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';
import { and, eq, gte, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shipments, type ShipmentStatus } from '../schema/shipments';
import { descending, pagedPrepared, preparedList } from '../../../db/paging';
import { users, type Actor } from '../../identity';
import {
  SHIPMENT_CUSTOMER_COLUMNS,
  SHIPMENT_LIST_COLUMNS,
  type ShipmentListRow,
  toShipmentListItem,
} from './shipment-records';
import { seesAllShipments } from './shipper-access';

export interface ShipmentListFilters {
  status?: ShipmentStatus;
  carrier?: string;
  /** YYYY-MM-DD, inclusive, platform days (Los Angeles midnights). */
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
 * seek-then-load and a capped, cached total (db/paging.ts). The unfiltered lists seek on partial (created_at, id)
 * indexes of the listed (non-draft) shipments; each filter has an index that leads on it and ends on created_at (shipments_user_status_created_at_idx,
 * shipments_user_carrier_created_at_idx, ...); tracking numbers use the upper() indexes, names the pattern index.
 */
export function listShipments(db: Db, actor: Actor, page: PageQuery, f: ShipmentListFilters) {
  const p = sql.placeholder;
  const term = f.search?.trim();
  const whose = !seesAllShipments(actor) ? 'own' : f.userId ? 'one' : 'all';
  const values: Record<string, unknown> = {
    ...(whose === 'own' ? { userId: actor.userId } : whose === 'one' ? { userId: f.userId } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.carrier ? { carrier: f.carrier } : {}),
    // As Drizzle writes a Date for a timestamp column: the ISO instant.
    ...(f.from ? { from: dayRangeIn(f.from, PLATFORM_TIME_ZONE)[0].toISOString() } : {}),
    ...(f.to ? { to: dayRangeIn(f.to, PLATFORM_TIME_ZONE)[1].toISOString() } : {}),
    ...(term
      ? { tracking: term.replace(/\s+/g, '').toUpperCase(), receiver: `${escapeLike(term.toLowerCase())}%` }
      : {}),
  };
  const listShape = {
    whose,
    status: Boolean(f.status),
    carrier: Boolean(f.carrier),
    from: Boolean(f.from),
    to: Boolean(f.to),
    search: Boolean(term),
  };
  const list = preparedList<ShipmentListRow, typeof listShape>(db, 'shipments', listShape, (shape) => {
    // Written out, not a placeholder: the listed-shipment indexes are partial on exactly this predicate, and a plan
    // made once (the page's statements, db/paging.ts) can use them only when it sees the value.
    const filters: SQL[] = [sql`${shipments.status} <> 'draft'`];
    if (shape.whose !== 'all') filters.push(eq(shipments.userId, p('userId')));
    if (shape.status) filters.push(eq(shipments.status, p('status')));
    if (shape.carrier) filters.push(eq(shipments.carrier, p('carrier')));
    if (shape.from) filters.push(gte(shipments.createdAt, p('from')));
    if (shape.to) filters.push(lt(shipments.createdAt, p('to')));
    if (shape.search) {
      filters.push(
        or(
          eq(sql`upper(${shipments.uniqueId})`, p('tracking')),
          eq(sql`upper(${shipments.carrierTrackingNumber})`, p('tracking')),
          like(shipments.receiverName, p('receiver')),
        )!,
      );
    }
    const where = and(...filters);
    // The page's ids by an index-only scan (shipments_listed_created_at_idx / shipments_user_listed_created_at_idx,
    // partial on status <> 'draft'), then only those rows: page 5,000 costs about what page 1 does.
    return {
      from: shipments,
      where,
      key: shipments.id,
      narrow: shape.search,
      order: descending(shipments.createdAt, shipments.id),
      // The super admin's page names each row's customer: a join on users for the page's rows only.
      load: (keys) =>
        shape.whose === 'own'
          ? db.select(SHIPMENT_LIST_COLUMNS).from(shipments).where(inArray(shipments.id, keys))
          : db
              .select({ ...SHIPMENT_LIST_COLUMNS, ...SHIPMENT_CUSTOMER_COLUMNS })
              .from(shipments)
              .leftJoin(users, eq(users.id, shipments.userId))
              .where(inArray(shipments.id, keys)),
    };
  });
  return pagedPrepared(list, values, page, (row) => toShipmentListItem(row, actor));
}
