import { routeById } from '@postwise/shared/routes';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_SIGNATURE_HEADER } from '@postwise/shared/integrations';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../../db/client';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import { webhookEndpointDisabledEmail } from '../../../integrations/mailer/templates';
import type { JobDefinition } from '../../../lib/job-queue';
import { users } from '../../identity';
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '../schema/webhooks';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './emitter';
import { guardedLookup, isPublicAddress, PRIVATE_TARGET } from './ssrf';

const TIMEOUT_MS = 10_000;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`; one `v1=` per secret given
 * (the current first; the previous one while a rotation overlaps, as Stripe does).
 */
export function signatureHeader(secrets: string | string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = [secrets]
    .flat()
    .map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...signatures].join(',');
}

/** The secrets a delivery at `at` is signed with: the current one, and the previous one until its overlap ends. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  at: Date,
): string[] {
  const overlapping =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at;
  return overlapping ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

interface Attempt {
  status: number | null;
  error: string | null;
  /** Refused before any request (a private target in production): retrying cannot help. */
  final: boolean;
}

/** POSTs the body once: no redirects followed, 10 s at most, the target's addresses checked when guarded. */
export function post(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  guard: boolean,
): Promise<Attempt> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ status: null, error: 'The endpoint URL is not valid.', final: true });
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal IP never goes through the lookup below, so it is checked here.
  if (guard && ipaddr.isValid(host) && !isPublicAddress(host)) {
    return Promise.resolve({ status: null, error: PRIVATE_TARGET, final: true });
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(guard),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // The answer's body is not kept; read it so the socket is freed.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null, final: false }));
        response.on('error', (err) =>
          resolve({ status: response.statusCode ?? null, error: err.message, final: false }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: null, error: err.message.slice(0, 500), final: err.code === 'EPRIVATETARGET' }),
    );
    request.end(body);
  });
}

export interface WebhookJobContext {
  db: Db;
  emails: EmailQueue;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Production refuses private, loopback and link-local targets; elsewhere a developer receives locally. */
  guardTargets: boolean;
  /** How long a delivery is retried (a day); then it has failed for good. */
  retryWindowSeconds: number;
}

/**
 * The delivery job: signs the stored body with the endpoint's secret and POSTs it. A 2xx answer delivers it; any
 * other answer or none is retried with back-off (30 s doubling, at most an hour apart) for `retryWindowSeconds`,
 * then the delivery has failed for good. WEBHOOK_DISABLE_AFTER_FAILURES deliveries in a row failing for good
 * disable the endpoint and e-mail its owner.
 */
export function webhookDeliveryJob(ctx: WebhookJobContext): JobDefinition<WebhookDeliveryJobData> {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    retryLimit: 60,
    retryDelaySeconds: 30,
    maxRetryDelaySeconds: 3600,
    expireInSeconds: 60,
    batchSize: 10,
    async handler({ deliveryId }) {
      const [found] = await ctx.db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found || found.delivery.status === 'succeeded') return { skipped: true };
      const { delivery, endpoint } = found;
      if (!endpoint.enabled) {
        await ctx.db
          .update(webhookDeliveries)
          .set({ status: 'failed', lastError: 'The endpoint is disabled.' })
          .where(eq(webhookDeliveries.id, delivery.id));
        return { skipped: true };
      }
      const at = new Date();
      const attempt = await post(
        endpoint.url,
        delivery.body,
        {
          'content-type': 'application/json',
          'user-agent': 'Postwise-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(signingSecrets(endpoint, at), delivery.body, at),
          'postwise-delivery': delivery.id,
        },
        ctx.guardTargets,
      );
      const succeeded = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
      const lastError = succeeded
        ? null
        : (attempt.error ?? `The endpoint answered HTTP ${attempt.status ?? 'nothing'}.`);
      const expired = at.getTime() - delivery.createdAt.getTime() >= ctx.retryWindowSeconds * 1000;
      const final = !succeeded && (attempt.final || expired);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({
            status: succeeded ? 'succeeded' : final ? 'failed' : 'pending',
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            responseStatus: attempt.status,
            lastError,
            lastAttemptAt: at,
            deliveredAt: succeeded ? at : null,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
        if (succeeded) {
          await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpoint.id));
        } else if (final) {
          await failedForGood(ctx, tx, endpoint.id, at);
        }
      });
      if (!succeeded && !final) throw new Error(lastError ?? 'Delivery failed');
      return { status: attempt.status, succeeded };
    },
  };
}

/** One more delivery failed for good; at the limit the endpoint is disabled and its owner told (same transaction). */
async function failedForGood(ctx: WebhookJobContext, tx: Db, endpointId: string, now: Date): Promise<void> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!endpoint || !endpoint.enabled || endpoint.consecutiveFailures < WEBHOOK_DISABLE_AFTER_FAILURES) return;
  const reason = `Disabled after ${endpoint.consecutiveFailures} deliveries in a row failed.`;
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  const [owner] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, endpoint.userId));
  if (!owner) return;
  await ctx.emails.send(
    webhookEndpointDisabledEmail(owner.email, {
      name: owner.fullName,
      url: endpoint.url,
      failures: endpoint.consecutiveFailures,
      // The API & Webhooks screen is one route for every account that may hold an endpoint.
      settingsUrl: `${ctx.publicUrl}${routeById('developers').path}`,
    }),
    { db: tx, key: `webhook-disabled:${endpointId}:${now.getTime()}` },
  );
  ctx.log.warn({ endpointId }, 'webhook endpoint disabled after repeated failures');
}
