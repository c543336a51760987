import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
  WEBHOOK_SECRET_OVERLAP_HOURS,
} from '@postwise/shared/integrations';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { WebhookEndpointCreateInput, WebhookEndpointUpdateInput } from '@postwise/shared/schemas/integrations';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paged } from '../../../db/paging';
import { conflict, notFound, validationFailed } from '../../../lib/errors';
import type { JobQueue } from '../../../lib/job-queue';
import type { Actor } from '../../identity';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../schema/webhooks';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from './emitter';
import { PRIVATE_TARGET, resolvesToPublicOnly } from './ssrf';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';
const DELIVERY_NOT_FOUND = 'Delivery not found.';
/** Endpoints one account may have: enough for a few integrations, few enough to fan out cheaply. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

export interface WebhookServiceContext {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  now: () => Date;
  /** Production refuses URLs that resolve to private, loopback or link-local addresses. */
  guardTargets: boolean;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function toEndpointItem(row: WebhookEndpointRow): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    secretPrefix: row.secret.slice(0, 12),
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryItem(row: WebhookDeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** In production the URL must resolve, and only to public addresses (checked again at every delivery). */
async function assertReachable(ctx: WebhookServiceContext, url: string): Promise<void> {
  if (!ctx.guardTargets) return;
  if (!(await resolvesToPublicOnly(new URL(url)))) throw validationFailed(PRIVATE_TARGET, { url: PRIVATE_TARGET });
}

async function ownEndpoint(db: Db, actor: Actor, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.userId)));
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

/** POST webhook-endpoints: answers the endpoint with its signing secret, shown this once. */
export async function createEndpoint(
  ctx: WebhookServiceContext,
  actor: Actor,
  input: WebhookEndpointCreateInput,
): Promise<CreatedWebhookEndpoint> {
  await assertReachable(ctx, input.url);
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, actor.userId));
  if (total >= MAX_ENDPOINTS_PER_ACCOUNT) {
    throw conflict(`An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`);
  }
  const now = ctx.now();
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ userId: actor.userId, url: input.url, events: input.events, secret, createdAt: now, updatedAt: now })
    .returning();
  return { ...toEndpointItem(row!), secret };
}

export async function listEndpoints(db: Db, actor: Actor): Promise<WebhookEndpointItem[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, actor.userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpointItem);
}

export async function getEndpoint(db: Db, actor: Actor, id: string): Promise<WebhookEndpointItem> {
  return toEndpointItem(await ownEndpoint(db, actor, id));
}

/** PATCH: URL, events, enabled. Enabling again clears the failure count and the reason it was disabled. */
export async function updateEndpoint(
  ctx: WebhookServiceContext,
  actor: Actor,
  id: string,
  input: WebhookEndpointUpdateInput,
): Promise<WebhookEndpointItem> {
  const current = await ownEndpoint(ctx.db, actor, id);
  if (input.url !== undefined && input.url !== current.url) await assertReachable(ctx, input.url);
  const enabling = input.enabled === true && !current.enabled;
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(enabling ? { consecutiveFailures: 0, disabledReason: null } : {}),
      ...(input.enabled === false ? { disabledReason: null } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  return toEndpointItem(row!);
}

/**
 * POST webhook-endpoints/{id}/rotate-secret: a new signing secret, answered this once. The one it replaces keeps
 * signing too (a second `v1=`) for WEBHOOK_SECRET_OVERLAP_HOURS, so the receiver can switch without refusing
 * events; a second rotation within that time drops the oldest.
 */
export async function rotateSecret(
  ctx: WebhookServiceContext,
  actor: Actor,
  id: string,
): Promise<CreatedWebhookEndpoint> {
  const current = await ownEndpoint(ctx.db, actor, id);
  const now = ctx.now();
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3600_000),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  return { ...toEndpointItem(row!), secret };
}

/** DELETE: the endpoint and its delivery log; deliveries still queued find nothing and end. */
export async function deleteEndpoint(db: Db, actor: Actor, id: string): Promise<WebhookEndpointItem> {
  const current = await ownEndpoint(db, actor, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
  return toEndpointItem(current);
}

/** The endpoint's delivery log, newest first (optionally one status), paged in SQL. */
export async function listDeliveries(
  db: Db,
  actor: Actor,
  id: string,
  page: PageQuery,
  status?: WebhookDeliveryItem['status'],
) {
  const endpoint = await ownEndpoint(db, actor, id);
  const where = and(
    eq(webhookDeliveries.endpointId, endpoint.id),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(webhookDeliveries, where),
    map: toDeliveryItem,
  });
}

/** Sends a delivery again (the same body, a new signature), now, whatever its status. */
export async function redeliver(
  ctx: WebhookServiceContext,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryItem> {
  const endpoint = await ownEndpoint(ctx.db, actor, endpointId);
  if (!endpoint.enabled) throw conflict('Enable the endpoint before redelivering to it.');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .returning();
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    // Keyed by the attempts made so far: a double click before it runs queues it once.
    await ctx.jobs.send(
      WEBHOOK_DELIVERY_JOB,
      { deliveryId: row.id, type: row.type, url: endpoint.url } satisfies WebhookDeliveryJobData,
      { db: tx, key: `redeliver:${row.id}:${row.attempts}` },
    );
    return toDeliveryItem(row);
  });
}
