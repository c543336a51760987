import { NOTIFY_STATUSES, SHIPMENT_STATUS_LABELS, TRACKED_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { normalizeScanEvent } from '@postwise/shared/tracking';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type ShipmentRow, type ShipmentStatus, shipmentEvents, shipments } from '../../db/schema/shipments';
import { users } from '../../db/schema/users';
import type { RateRequest } from '../../integrations/carriers/carrier-adapter';
import type { CarrierRegistry } from '../../integrations/carriers/carrier-registry';
import type { Mailer } from '../../integrations/mailer/mailer';
import { shipmentStatusEmail } from '../../integrations/mailer/templates';

/** How often a shipment on its way is asked about again. */
export const TRACKING_REFRESH_MINUTES = 30;
/** A carrier that failed is asked again later, not in a tight loop. */
const RETRY_MINUTES = 60;

export interface TrackingContext {
  db: Db;
  carriers: CarrierRegistry;
  now: () => Date;
  log: FastifyBaseLogger;
  mailer?: Mailer;
  publicUrl?: string;
}

export interface StatusChange {
  shipment: ShipmentRow;
  from: ShipmentStatus;
  to: ShipmentStatus;
  latest: string | null;
}

export interface TrackingReport {
  refreshed: number;
  changes: StatusChange[];
}

/**
 * Refreshes due shipments through their carrier adapter: each shipment is claimed with FOR UPDATE SKIP LOCKED (so
 * any number of processes share the work), its events are stored once (unique on shipment, time, description) and
 * its status follows the carrier. Running it twice changes nothing the second time.
 */
export async function runTrackingRefresh(ctx: TrackingContext, { maxShipments = 200 } = {}): Promise<TrackingReport> {
  const report: TrackingReport = { refreshed: 0, changes: [] };
  for (let i = 0; i < maxShipments; i++) {
    const now = ctx.now();
    const change = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(shipments)
        .where(and(isNotNull(shipments.nextTrackingAt), lte(shipments.nextTrackingAt, now)))
        .orderBy(asc(shipments.nextTrackingAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      return refreshOne(tx, ctx, row, now);
    });
    if (change === undefined) break;
    report.refreshed++;
    if (change) {
      report.changes.push(change);
      if (NOTIFY_STATUSES.includes(change.to)) await notifyStatusChange(ctx, change);
    }
  }
  return report;
}

async function refreshOne(tx: Db, ctx: TrackingContext, row: ShipmentRow, now: Date): Promise<StatusChange | null> {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const adapter = row.provider ? await ctx.carriers.byProvider(tx, row.provider) : null;
  if (!adapter || !row.carrierTrackingNumber) {
    // Booked by hand (freight) or sold by a provider no longer configured: nothing to ask.
    await tx.update(shipments).set({ nextTrackingAt: null }).where(eq(shipments.id, row.id));
    return null;
  }
  let snapshot;
  try {
    snapshot = await adapter.track({
      carrier: row.carrier,
      trackingNumber: row.carrierTrackingNumber,
      providerShipmentId: row.providerShipmentId,
      labelCreatedAt: row.createdAt,
      deliveryDate: row.shipmentDetails.deliveryDate,
      sender: row.sender as RateRequest['sender'],
      receiver: row.receiver as RateRequest['receiver'],
    });
  } catch (err) {
    ctx.log.warn({ err, shipmentId: row.id }, 'tracking refresh failed');
    await tx
      .update(shipments)
      .set({ nextTrackingAt: later(RETRY_MINUTES) })
      .where(eq(shipments.id, row.id));
    return null;
  }
  let latest: { at: string | null; text: string } | null = null;
  for (const raw of snapshot.events) {
    const e = normalizeScanEvent(raw);
    if (!e) continue;
    await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: row.id,
        raw,
        occurredAt: e.occurredAt ? new Date(e.occurredAt) : null,
        description: e.description,
        city: e.city,
        country: e.country,
      })
      .onConflictDoNothing();
    if (!latest || (e.occurredAt ?? '') >= (latest.at ?? '')) {
      latest = { at: e.occurredAt, text: [e.description, e.location].filter(Boolean).join(', ') };
    }
  }
  const status = snapshot.status;
  const stillTracked = TRACKED_STATUSES.includes(status);
  await tx
    .update(shipments)
    .set({
      status,
      lastTrackedAt: now,
      nextTrackingAt: stillTracked ? later(TRACKING_REFRESH_MINUTES) : null,
      updatedAt: status === row.status ? row.updatedAt : now,
    })
    .where(eq(shipments.id, row.id));
  return status === row.status ? null : { shipment: row, from: row.status, to: status, latest: latest?.text ?? null };
}

/**
 * In-app notification of a status change. The `notifications` table arrives with the mail branch; when it lands,
 * insert the row here (user, kind `shipment.<status>`, title, body). Until then the e-mail below is the notice.
 */
export async function notifyInApp(_ctx: TrackingContext, _change: StatusChange): Promise<void> {}

async function notifyStatusChange(ctx: TrackingContext, change: StatusChange): Promise<void> {
  await notifyInApp(ctx, change);
  if (!ctx.mailer || !change.shipment.userId) return;
  try {
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, change.shipment.userId));
    if (!owner) return;
    await ctx.mailer.send(
      shipmentStatusEmail(owner.email, {
        uniqueId: change.shipment.uniqueId,
        statusLabel: SHIPMENT_STATUS_LABELS[change.to],
        receiverName: change.shipment.receiver.name,
        detail: change.latest,
        trackUrl: `${ctx.publicUrl ?? ''}/public/track?t_n=${encodeURIComponent(change.shipment.uniqueId)}`,
      }),
    );
  } catch (err) {
    ctx.log.warn({ err, shipmentId: change.shipment.id }, 'shipment status e-mail not sent');
  }
}

/** Runs the refresh every `intervalSeconds` until stopped (server.ts; one timer per process is safe). */
export function startTrackingRunner(ctx: TrackingContext, intervalSeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runTrackingRefresh(ctx)
      .then((report) => {
        if (report.refreshed)
          ctx.log.info({ refreshed: report.refreshed, changes: report.changes.length }, 'tracking refreshed');
      })
      .catch((err) => ctx.log.error({ err }, 'tracking refresh failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
