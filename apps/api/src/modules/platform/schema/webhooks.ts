import type { WebhookDeliveryStatus, WebhookEventType } from '@postwise/shared/integrations';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

/**
 * Where a customer or sub-admin wants events sent. `secret` signs every delivery (HMAC-SHA256); it is kept as is
 * because signing needs it, and answered only once, when created or rotated.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    /** The secret before the last rotation: deliveries are signed with it too until `previousSecretExpiresAt`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId, t.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint: the exact body sent (so a redelivery sends the same bytes under a new signature
 * time), and what the last attempt got. Written in the transaction of the change the event reports.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_id_created_at_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_endpoint_id_status_created_at_idx').on(t.endpointId, t.status, t.createdAt, t.id),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
