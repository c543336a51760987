import { randomUUID } from 'node:crypto';
import type { WebhookEventBody, WebhookEventType } from '@postwise/shared/integrations';
import { and, arrayContains, eq, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { enqueueJob } from '../../../lib/job-queue';
import { users } from '../../identity';
import { webhookDeliveries, webhookEndpoints } from '../schema/webhooks';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export interface WebhookDeliveryJobData {
  deliveryId: string;
  /** For the Jobs page only: the delivery reads the endpoint's current URL when it runs. */
  type: WebhookEventType;
  url: string;
}

export interface WebhookEvent {
  /** The customer the event is about: their endpoints get it, and so do their sub-admin's. */
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  created?: Date;
}

/**
 * Emits a webhook event: for each enabled endpoint of the customer (and of the sub-admin who owns the customer's
 * account) subscribed to the event, a delivery row with the exact body and a delivery job, both written with `db`,
 * the transaction of the change the event reports (a rolled-back change sends nothing). Answers the deliveries made.
 */
export async function emitWebhookEvent(db: Db, event: WebhookEvent): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, event.userId))
    .where(
      and(
        or(eq(webhookEndpoints.userId, users.id), eq(webhookEndpoints.userId, users.parentUserId)),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const body: WebhookEventBody = {
    id: randomUUID(),
    type: event.type,
    created: (event.created ?? new Date()).toISOString(),
    data: { customerId: event.userId, ...event.data },
  };
  const text = JSON.stringify(body);
  const rows = await db
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ endpointId: e.id, eventId: body.id, type: event.type, body: text })))
    .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
  for (const row of rows) {
    const url = endpoints.find((e) => e.id === row.endpointId)?.url ?? '';
    await enqueueJob(
      db,
      WEBHOOK_DELIVERY_JOB,
      { deliveryId: row.id, type: event.type, url } satisfies WebhookDeliveryJobData,
      { key: `delivery:${row.id}` },
    );
  }
  return rows.length;
}
