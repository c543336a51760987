import { effectivePreferences } from '@postwise/shared/account-settings';
import { NOTIFY_STATUSES, SHIPMENT_STATUS_LABELS, TRACKED_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { normalizeScanEvent } from '@postwise/shared/tracking';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { type ShipmentRow, type ShipmentStatus, shipmentEvents, shipments } from '../schema/shipments';
import { notifications, publishNotification, toNotificationDto, type NotificationHub, queuePush } from '../../platform';
import { users } from '../../identity';
import type { RateRequest, TrackingSnapshot } from '../../../integrations/carriers/carrier-adapter';
import { parcelTrackingNumbersOf } from './shipment-records';
import type { CarrierRegistry } from './carrier-registry';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import { shipmentStatusEmail } from '../../../integrations/mailer/templates';
import { emitShipmentUpdated } from './webhook-events';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';

/** How often a shipment on its way is asked about again. */
export const TRACKING_REFRESH_MINUTES = 30;
/**
 * A shipment handed to the queue is not handed again for this long: longer than its job's retries take, so a job
 * that failed for good (on the Jobs page) is followed by a fresh one later rather than the shipment going untracked.
 */
const TRACKING_JOB_LEASE_MINUTES = 6 * 60;

export const CARRIER_TRACKING_JOB = 'carrier-tracking';

export interface CarrierTrackingJobData {
  shipmentId: string;
  /** For the Jobs page only. */
  uniqueId: string;
  carrier: string;
  trackingNumber: string | null;
}

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

/**
 * Hands the shipments due for a tracking refresh to the job queue, one `carrier-tracking` job each, so the carrier
 * is asked with retries and back-off outside any request. Each due shipment is claimed with FOR UPDATE SKIP LOCKED
 * (any number of processes share the work) and its job is keyed by the shipment and the time it fell due, written
 * in the same transaction: a shipment is never queued twice for one refresh. Answers how many were queued.
 */
export async function runTrackingRefresh(ctx: Pick<TrackingContext, 'db' | 'now'>, { maxShipments = 200 } = {}) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(shipments)
      .where(and(isNotNull(shipments.nextTrackingAt), lte(shipments.nextTrackingAt, now)))
      .orderBy(asc(shipments.nextTrackingAt))
      .limit(maxShipments)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await enqueueJob(
        tx,
        CARRIER_TRACKING_JOB,
        {
          shipmentId: row.id,
          uniqueId: row.uniqueId,
          carrier: row.carrier,
          trackingNumber: row.carrierTrackingNumber,
        } satisfies CarrierTrackingJobData,
        { key: `tracking:${row.id}:${row.nextTrackingAt!.toISOString()}` },
      );
    }
    if (due.length) {
      await tx
        .update(shipments)
        .set({ nextTrackingAt: new Date(now.getTime() + TRACKING_JOB_LEASE_MINUTES * 60_000) })
        .where(
          inArray(
            shipments.id,
            due.map((r) => r.id),
          ),
        );
    }
    return { queued: due.length };
  });
}

/**
 * The `carrier-tracking` job: asks the carrier (no transaction open), then stores the answer under the shipment's
 * row lock and notifies the owner of a status change after it committed. A carrier that fails throws, and the queue
 * retries with back-off. A shipment voided, finished or updated by a carrier webhook meanwhile is left as it is.
 */
export function carrierTrackingJob(ctx: TrackingContext): JobDefinition<CarrierTrackingJobData> {
  return {
    name: CARRIER_TRACKING_JOB,
    retryLimit: 6,
    retryDelaySeconds: 60,
    maxRetryDelaySeconds: 1800,
    expireInSeconds: 120,
    batchSize: 10,
    async handler({ shipmentId }) {
      const change = await refreshShipmentTracking(ctx, shipmentId);
      if (change === 'skipped') return { skipped: true };
      if (change && NOTIFY_STATUSES.includes(change.to)) await notifyStatusChange(ctx, change);
      return { status: change ? change.to : 'unchanged' };
    },
  };
}

/** One shipment's refresh: the status change it made, null for none, 'skipped' when there was nothing to ask. */
export async function refreshShipmentTracking(
  ctx: TrackingContext,
  shipmentId: string,
): Promise<StatusChange | null | 'skipped'> {
  const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!row || row.nextTrackingAt === null || !TRACKED_STATUSES.includes(row.status)) return 'skipped';
  const adapter = row.provider ? await ctx.carriers.byProvider(ctx.db, row.provider) : null;
  if (!adapter || !row.carrierTrackingNumber) {
    // Booked by hand (freight) or sold by a provider no longer configured: nothing to ask.
    await ctx.db.update(shipments).set({ nextTrackingAt: null }).where(eq(shipments.id, row.id));
    return 'skipped';
  }
  const asked = ctx.now();
  // Each parcel is asked about by its own number; the shipment goes as the parcels go together.
  const snapshots: TrackingSnapshot[] = [];
  for (const trackingNumber of parcelTrackingNumbersOf(row)) {
    snapshots.push(
      await adapter.track({
        carrier: row.carrier,
        trackingNumber,
        providerShipmentId: row.providerShipmentId,
        labelCreatedAt: row.createdAt,
        deliveryDate: row.shipmentDetails.deliveryDate,
        sender: row.sender as RateRequest['sender'],
        receiver: row.receiver as RateRequest['receiver'],
      }),
    );
  }
  const snapshot = combineParcelSnapshots(snapshots);
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    if (!locked || locked.nextTrackingAt === null || !TRACKED_STATUSES.includes(locked.status)) return 'skipped';
    // A carrier webhook stored a newer answer while this one was on its way: keep the newer one.
    if (locked.lastTrackedAt && locked.lastTrackedAt > asked) return 'skipped';
    return applyTrackingSnapshot(tx, locked, snapshot, ctx.now());
  });
}

/** How far along each status is: a shipment is as far as its slowest parcel. */
const PROGRESS: Record<ShipmentStatus, number> = {
  draft: 0,
  label_created: 1,
  in_transit: 2,
  out_for_delivery: 3,
  delivered: 4,
  exception: 5,
  cancelled: 6,
  voided: 6,
};

/**
 * The parcels' snapshots as the shipment's: every parcel's events, and the status of the parcel furthest behind
 * (delivered only when every parcel is). An exception on any parcel is the shipment's exception: someone must act.
 */
export function combineParcelSnapshots(snapshots: readonly TrackingSnapshot[]): TrackingSnapshot {
  if (snapshots.length === 1) return snapshots[0]!;
  const statuses = snapshots.map((s) => s.status);
  const status = statuses.includes('exception')
    ? 'exception'
    : statuses.reduce((slowest, s) => (PROGRESS[s] < PROGRESS[slowest] ? s : slowest));
  return { status, events: snapshots.flatMap((s) => s.events) };
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
      await publishNotification(ctx.hub, userId, toNotificationDto(row));
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

/**
 * Every `intervalSeconds`, hands the shipments due for a refresh to the job queue (server.ts; safe in every process,
 * the claim skips locked rows and each job is keyed). The carrier is asked by the jobs, not here.
 */
export function startTrackingRunner(ctx: TrackingContext, intervalSeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runTrackingRefresh(ctx)
      .then(({ queued }) => {
        if (queued) ctx.log.info({ queued }, 'tracking refreshes queued');
      })
      .catch((err) => ctx.log.error({ err }, 'tracking refresh scheduling failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
