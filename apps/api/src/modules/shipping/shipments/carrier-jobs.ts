import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { pickups } from '../schema/shipping';
import type { CarrierRegistry } from './carrier-registry';

export const CARRIER_VOID_JOB = 'carrier-void';
export const CARRIER_PICKUP_CANCEL_JOB = 'carrier-pickup-cancel';

export interface CarrierVoidJobData {
  shipmentId: string;
  /** For the Jobs page. */
  uniqueId: string;
  provider: string;
  carrier: string;
  trackingNumber: string;
  providerShipmentId: string;
}

export interface CarrierPickupCancelJobData {
  pickupId: string;
  provider: string;
  carrier: string;
  providerPickupId: string;
  /** For the Jobs page. */
  confirmation: string | null;
}

interface CarrierJobContext {
  db: Db;
  carriers: CarrierRegistry;
  log: FastifyBaseLogger;
}

/**
 * Carrier calls that must not be lost: retried for about a day (1 min doubling, at most 2 hours apart), then the job
 * is `failed` on the Jobs page, where the super admin can try it again.
 */
const CARRIER_RETRIES = { retryLimit: 16, retryDelaySeconds: 60, maxRetryDelaySeconds: 7200, expireInSeconds: 120 };

/** Queues the carrier's refund request of a voided label, in the void's transaction (once per shipment). */
export function queueCarrierVoid(tx: Db, data: CarrierVoidJobData) {
  return enqueueJob(tx, CARRIER_VOID_JOB, data, { key: `void:${data.shipmentId}` });
}

/** Queues the cancellation at the carrier of a cancelled pickup, in the cancellation's transaction (once). */
export function queueCarrierPickupCancel(tx: Db, data: CarrierPickupCancelJobData) {
  return enqueueJob(tx, CARRIER_PICKUP_CANCEL_JOB, data, { key: `pickup-cancel:${data.pickupId}` });
}

/**
 * The refund request of a label voided while its carrier could not be reached: asked again until the carrier
 * accepts it. A refusal counts as a failure too (carriers refuse while a label is still being processed), so it
 * is retried and, if it never passes, ends on the Jobs page for someone to look at.
 */
export function carrierVoidJob(ctx: CarrierJobContext): JobDefinition<CarrierVoidJobData> {
  return {
    name: CARRIER_VOID_JOB,
    ...CARRIER_RETRIES,
    async handler(data) {
      const adapter = await ctx.carriers.byProvider(ctx.db, data.provider);
      if (!adapter) throw new Error(`The carrier provider ${data.provider} is not configured.`);
      const accepted = await adapter.voidLabel({
        carrier: data.carrier,
        trackingNumber: data.trackingNumber,
        providerShipmentId: data.providerShipmentId,
      });
      if (!accepted) throw new Error('The carrier did not accept the void.');
      ctx.log.info({ shipmentId: data.shipmentId }, 'label voided at the carrier');
      return { accepted: true };
    },
  };
}

/** The cancellation at the carrier of a pickup cancelled while the carrier could not be reached. */
export function carrierPickupCancelJob(ctx: CarrierJobContext): JobDefinition<CarrierPickupCancelJobData> {
  return {
    name: CARRIER_PICKUP_CANCEL_JOB,
    ...CARRIER_RETRIES,
    async handler(data) {
      const [pickup] = await ctx.db.select({ id: pickups.id }).from(pickups).where(eq(pickups.id, data.pickupId));
      if (!pickup) return { skipped: true };
      const adapter = await ctx.carriers.byProvider(ctx.db, data.provider);
      if (!adapter) throw new Error(`The carrier provider ${data.provider} is not configured.`);
      await adapter.cancelPickup(data.providerPickupId);
      return { cancelled: true };
    },
  };
}
