import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFY_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { shipments, trackingWebhookEvents } from '../schema/shipments';
import { snapshotFromTracker } from '../../../integrations/carriers/easypost-carrier';
import { unauthorized, validationFailed } from '../../../lib/errors';
import { applyTrackingSnapshot, notifyStatusChange, type StatusChange, type TrackingContext } from './tracking-job';
import { parcelTrackingNumbersOf } from './shipment-records';

export const TRACKING_SIGNATURE_HEADER = 'x-hmac-signature';
const SIGNATURE_PREFIX = 'hmac-sha256-hex=';
export const BAD_TRACKING_SIGNATURE = 'Invalid webhook signature';

/** EasyPost's signature of a webhook body: HMAC-SHA256 of the exact bytes with the NFKD-normalised secret. */
export function signTrackingWebhook(rawBody: string, secret: string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret.normalize('NFKD')).update(rawBody, 'utf8').digest('hex');
}

/** Checks the X-Hmac-Signature header against the configured secret in constant time. */
export function verifyTrackingSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signTrackingWebhook(rawBody, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The part of EasyPost's Event (`tracker.updated` / `tracker.created`, result a Tracker) that tracking uses. */
const trackerEventSchema = z.object({
  id: z.string().min(1).max(200),
  description: z.string(),
  result: z
    .object({
      tracking_code: z.string().min(1).max(100),
      status: z.string(),
      tracking_details: z
        .array(
          z.object({
            datetime: z.string(),
            message: z.string().nullish(),
            status: z.string().nullish(),
            tracking_location: z.object({ city: z.string().nullish(), country: z.string().nullish() }).nullish(),
          }),
        )
        .optional(),
    })
    .passthrough(),
});
export type TrackerEvent = z.infer<typeof trackerEventSchema>;

export interface TrackingWebhookResult {
  received: true;
  eventId: string;
  duplicate: boolean;
  /** The shipment the tracking number belongs to, or null when it is not ours (answered 200 so it is not resent). */
  shipmentId: string | null;
  status: string | null;
}

/**
 * POST shipments/tracking/webhook: a carrier's tracker event. The signature is checked first (401 otherwise), the
 * event is applied once per event id (a redelivery answers `duplicate`), the shipment's events and status follow the
 * carrier under the row lock, and the owner is notified (in the app and by e-mail) after the commit.
 */
export async function handleTrackingWebhook(
  ctx: TrackingContext,
  secret: string | undefined,
  rawBody: string,
  signature: string | undefined,
): Promise<TrackingWebhookResult> {
  if (!secret || !verifyTrackingSignature(rawBody, signature, secret)) throw unauthorized(BAD_TRACKING_SIGNATURE);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw validationFailed('Invalid JSON');
  }
  const parsed = trackerEventSchema.safeParse(json);
  if (!parsed.success) throw validationFailed('Not a tracker event');
  const event = parsed.data;
  const now = ctx.now();

  const outcome = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(trackingWebhookEvents)
      .values({ id: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { duplicate: true, shipmentId: null, status: null, change: null };
    const [row] = await tx
      .select()
      .from(shipments)
      .where(
        or(
          eq(sql`upper(${shipments.carrierTrackingNumber})`, event.result.tracking_code.toUpperCase()),
          sql`${shipments.parcelTrackingNumbers} @> array[${event.result.tracking_code.toUpperCase()}]::text[]`,
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return { duplicate: false, shipmentId: null, status: null, change: null };
    await tx.update(trackingWebhookEvents).set({ shipmentId: row.id }).where(eq(trackingWebhookEvents.id, event.id));
    // A voided label's tracker may still report: a voided shipment keeps its state.
    if (row.status === 'voided') return { duplicate: false, shipmentId: row.id, status: row.status, change: null };
    // One parcel of several says only how that parcel goes: the shipment's status is all of them together, so
    // every parcel is asked again at once (the tracking runner queues the refresh) instead of taking this one's.
    if (parcelTrackingNumbersOf(row).length > 1) {
      if (row.nextTrackingAt !== null) {
        await tx.update(shipments).set({ nextTrackingAt: now }).where(eq(shipments.id, row.id));
      }
      return { duplicate: false, shipmentId: row.id, status: row.status, change: null };
    }
    const change: StatusChange | null = await applyTrackingSnapshot(tx, row, snapshotFromTracker(event.result), now);
    return { duplicate: false, shipmentId: row.id, status: change?.to ?? row.status, change };
  });
  if (outcome.change && NOTIFY_STATUSES.includes(outcome.change.to)) await notifyStatusChange(ctx, outcome.change);
  return {
    received: true,
    eventId: event.id,
    duplicate: outcome.duplicate,
    shipmentId: outcome.shipmentId,
    status: outcome.status,
  };
}
