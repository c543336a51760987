import type { PushPayload } from '@postwise/shared/push';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../../db/client';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { pushSubscriptions } from '../schema/push-subscriptions';
import { post } from '../webhooks/delivery';
import type { VapidKeys } from './vapid-keys';

export const PUSH_JOB = 'push';

/** One push to one device: the subscription is read when the job runs (a device that unsubscribed gets nothing). */
export interface PushJobData {
  subscriptionId: string;
  payload: PushPayload;
}

/** A push service keeps an undelivered message this long (the device may be off). */
const TTL_SECONDS = 24 * 3600;

/**
 * Queues the push of `payload` to every device `userId` opted in, one job each (a retry for one device never
 * sends twice to another), in `db` — the business write's transaction, so the push exists only if it commits.
 * `key` makes it unique per device. Answers how many devices it queued for.
 */
export async function queuePush(db: Db, userId: string, payload: PushPayload, key?: string): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  for (const device of devices) {
    const data: PushJobData = { subscriptionId: device.id, payload };
    await enqueueJob(db, PUSH_JOB, data, key ? { key: `${key}:${device.id}` } : {});
  }
  return devices.length;
}

export interface PushJobOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Undefined: push is off (production without VAPID keys); queued pushes complete unsent. */
  vapid: VapidKeys | undefined;
  subject: string;
  /** Production: only public push services are reached (the endpoint comes from the browser, i.e. the user). */
  guardTargets: boolean;
  now: () => Date;
}

/** Statuses after which the subscription is gone for good (RFC 8030 §7.3: expired or unsubscribed). */
const GONE = new Set([404, 410]);

/**
 * The `push` job: encrypts the payload for the device (RFC 8291, aes128gcm), signs the request with the VAPID
 * key (RFC 8292) and posts it to the device's push service. 404/410 drop the subscription; 429, 5xx and network
 * failures are retried; any other refusal is recorded in the job's output and not retried (it would not change).
 */
export function pushJob(options: PushJobOptions): JobDefinition<PushJobData> {
  return {
    name: PUSH_JOB,
    // About a day of attempts at the capped wait, matching the TTL: later the message is stale.
    retryLimit: 30,
    retryDelaySeconds: 5,
    maxRetryDelaySeconds: 1800,
    expireInSeconds: 60,
    batchSize: 10,
    async handler({ subscriptionId, payload }) {
      if (!options.vapid) return { skipped: 'Push notifications are not configured' };
      const [device] = await options.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscriptionId));
      if (!device) return { skipped: 'The device unsubscribed' };
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, ...options.vapid },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const attempt = await post(device.endpoint, request.body ?? Buffer.alloc(0), headers, options.guardTargets);
      const status = attempt.status;
      if (status !== null && status >= 200 && status < 300) {
        await options.db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: options.now() })
          .where(eq(pushSubscriptions.id, device.id));
        return { status };
      }
      if (status !== null && GONE.has(status)) {
        await options.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        return { status, dropped: true };
      }
      if (attempt.final || (status !== null && status !== 429 && status < 500)) {
        options.log.warn({ status, error: attempt.error, subscriptionId }, 'push refused by the push service');
        return { status, error: attempt.error ?? `The push service answered ${status}` };
      }
      throw new Error(attempt.error ?? `The push service answered ${status}`);
    },
    // The message is personal (sender names); once delivered, the job keeps only where it went.
    redact: ({ subscriptionId, payload }) => ({ subscriptionId, payload: { kind: payload.kind } }),
  };
}
