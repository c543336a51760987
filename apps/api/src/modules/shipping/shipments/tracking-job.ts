import { effectivePreferences } from '@postwise/shared/account-settings';
import { NOTIFY_STATUSES, SHIPMENT_STATUS_LABELS, TRACKED_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { normalizeScanEvent } from '@postwise/shared/tracking';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { type ShipmentRow, type ShipmentStatus, shipmentEvents, shipments } from '../schema/shipments';
import { notifications, toNotificationDto, type NotificationHub, queuePush } from '../../platform';
import { users } from '../../identity';
import type { RateRequest, TrackingSnapshot } from '../../../integrations/carriers/carrier-adapter';
import type { CarrierRegistry } from './carrier-registry';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import { shipmentStatusEmail } from '../../../integrations/mailer/templates';
import { emitShipmentUpdated } from './webhook-events';

/** How often a shipment on its way is asked about again. */
export const TRACKING_REFRESH_MINUTES = 30;
/** A carrier that failed is asked again later, not in a tight loop. */
const RETRY_MINUTES = 60;

export interface TrackingContext {
  db: Db;
  carriers: CarrierRegistry;
  now: () => Date;
  log: FastifyBaseLogger;
  emails?: EmailQueue;
  publicUrl?: string;
  /** Pushes the in-app notification to open browsers; without it the notification is only stored. */
  hub?: NotificationHub;
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
  return applyTrackingSnapshot(tx, row, snapshot, now);
}

/**
 * Stores a carrier's tracking snapshot on a shipment (polled by the job, or pushed by a carrier webhook): each event
 * once (unique on shipment, time, description), the status follows the carrier. The caller holds the row lock.
 */
export async function applyTrackingSnapshot(
  tx: Db,
  row: ShipmentRow,
  snapshot: TrackingSnapshot,
  now: Date,
): Promise<StatusChange | null> {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
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
  if (status === row.status) return null;
  await emitShipmentUpdated(tx, row, status, { detail: latest?.text ?? null, at: now });
  return { shipment: row, from: row.status, to: status, latest: latest?.text ?? null };
}

/** The owner's notification preferences for shipment updates (account settings; default all on). */
async function shipmentUpdatesWanted(
  ctx: TrackingContext,
  userId: string,
): Promise<{ email: boolean; inApp: boolean; push: boolean }> {
  const [row] = await ctx.db
    .select({ preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId));
  const preferences = effectivePreferences(row?.preferences);
  return {
    email: preferences.email.shipment_update,
    inApp: preferences.inApp.shipment_update,
    push: preferences.push.shipment_update,
  };
}

/**
 * In-app notification of a status change (the bell's list), pushed live to the owner's open browsers. Sent after
 * the status change committed; a failure is logged and never undoes it. The e-mail below is sent besides.
 */
export async function notifyInApp(ctx: TrackingContext, change: StatusChange): Promise<void> {
  const userId = change.shipment.userId;
  if (!userId) return;
  try {
    if (!(await shipmentUpdatesWanted(ctx, userId)).inApp) return;
    const label = SHIPMENT_STATUS_LABELS[change.to];
    const body = [`Shipment ${change.shipment.uniqueId} to ${change.shipment.receiver.name}`, change.latest]
      .filter(Boolean)
      .join(': ');
    const [row] = await ctx.db
      .insert(notifications)
      .values({
        userId,
        kind: 'shipment_update',
        title: `Shipment ${label.toLowerCase()}`,
        body,
        link: `/shipments/${change.shipment.id}/full`,
        createdAt: ctx.now(),
      })
      .returning();
    if (ctx.hub && row) {
      const dto = toNotificationDto(row);
      await ctx.hub.publish({
        userId,
        type: 'notification',
        notification: {
          id: dto.id,
          kind: dto.kind,
          title: dto.title,
          body: dto.body,
          link: dto.link,
          createdAt: dto.createdAt,
        },
      });
    }
  } catch (err) {
    ctx.log.warn({ err, shipmentId: change.shipment.id }, 'shipment in-app notification not sent');
  }
}

/** A push notification to the owner's opted-in devices (Web Push), once per shipment and status. */
async function notifyByPush(ctx: TrackingContext, change: StatusChange): Promise<void> {
  const userId = change.shipment.userId;
  if (!userId) return;
  try {
    if (!(await shipmentUpdatesWanted(ctx, userId)).push) return;
    const label = SHIPMENT_STATUS_LABELS[change.to];
    await queuePush(
      ctx.db,
      userId,
      {
        title: `Shipment ${label.toLowerCase()}`,
        body: [`Shipment ${change.shipment.uniqueId} to ${change.shipment.receiver.name}`, change.latest]
          .filter(Boolean)
          .join(': '),
        link: `/shipments/${change.shipment.id}/full`,
        kind: 'shipment_update',
        tag: `shipment_update:${change.shipment.id}`,
      },
      `shipment-status:${change.shipment.id}:${change.to}`,
    );
  } catch (err) {
    ctx.log.warn({ err, shipmentId: change.shipment.id }, 'shipment push notification not queued');
  }
}

export async function notifyStatusChange(ctx: TrackingContext, change: StatusChange): Promise<void> {
  await notifyInApp(ctx, change);
  await notifyByPush(ctx, change);
  if (!ctx.emails || !change.shipment.userId) return;
  try {
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, change.shipment.userId));
    if (!owner || !(await shipmentUpdatesWanted(ctx, change.shipment.userId)).email) return;
    await ctx.emails.send(
      shipmentStatusEmail(owner.email, {
        uniqueId: change.shipment.uniqueId,
        statusLabel: SHIPMENT_STATUS_LABELS[change.to],
        receiverName: change.shipment.receiver.name,
        detail: change.latest,
        trackUrl: `${ctx.publicUrl ?? ''}/public/track?t_n=${encodeURIComponent(change.shipment.uniqueId)}`,
      }),
      { key: `shipment-status:${change.shipment.id}:${change.to}` },
    );
  } catch (err) {
    ctx.log.warn({ err, shipmentId: change.shipment.id }, 'shipment status e-mail not queued');
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
