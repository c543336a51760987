/**
 * What integrators build on: API keys and their scopes, webhook events, and the super admin's view of the job
 * queue that delivers e-mail and webhooks. Answer types of those endpoints (apps/api) and their screens (apps/web).
 */

/** Every API key starts with this, so a leaked one is easy to recognise (and to search for in code). */
export const API_KEY_PREFIX = 'pw_live_';

export const API_KEY_SCOPES = [
  'mail:read',
  'mail:write',
  'shipments:read',
  'shipments:write',
  'invoices:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'mail:read': 'Read mail and mail requests',
  'mail:write': 'Request scans, forwards, pickups; manage mail',
  'shipments:read': 'Read shipments, addresses and pickups',
  'shipments:write': 'Quote and buy labels, manage addresses and pickups',
  'invoices:read': 'Read invoices',
};

/** An API key as listed (never the key itself, which is shown once when created). */
export interface ApiKeyItem {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters (`pw_live_` and 6 more), to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer of POST api-keys: the only time the whole key is shown. */
export interface CreatedApiKey extends ApiKeyItem {
  key: string;
}

export const WEBHOOK_EVENTS = [
  'mail_item.received',
  'mail_item.scanned',
  'mail_request.updated',
  'shipment.created',
  'shipment.updated',
  'invoice.paid',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'mail_item.received': 'Mail item received',
  'mail_item.scanned': 'Mail item scanned',
  'mail_request.updated': 'Mail request updated',
  'shipment.created': 'Shipment created',
  'shipment.updated': 'Shipment updated (tracking)',
  'invoice.paid': 'Invoice paid',
};

/** The signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Postwise-Signature';

/**
 * After a secret is rotated, deliveries are signed with both the new and the previous secret this long
 * (`t=...,v1=<new>,v1=<old>`), so a receiver can switch to the new secret without refusing events.
 */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** An endpoint is disabled after this many deliveries in a row failed for good (their retries ran out). */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 5;

export interface WebhookEndpointItem {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it was disabled (repeated failures), null while enabled or when its owner disabled it. */
  disabledReason: string | null;
  /** Deliveries in a row that failed for good. */
  consecutiveFailures: number;
  /** The signing secret's first characters, to tell secrets apart (the secret is shown once). */
  secretPrefix: string;
  /** After a rotation: until then deliveries carry a second signature made with the previous secret. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer of POST webhook-endpoints (and of rotating the secret): the only time the secret is shown. */
export interface CreatedWebhookEndpoint extends WebhookEndpointItem {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryItem {
  id: string;
  endpointId: string;
  eventId: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** HTTP status of the last attempt (null: no answer, e.g. refused or timed out). */
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
}

/** The body of every webhook delivery. */
export interface WebhookEventBody<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  /** ISO time the event happened. */
  created: string;
  data: T;
}

export const JOB_QUEUE_NAMES = [
  'email',
  'webhook-delivery',
  'push',
  'carrier-tracking',
  'carrier-void',
  'carrier-pickup-cancel',
] as const;
export type JobQueueName = (typeof JOB_QUEUE_NAMES)[number];

export const JOB_QUEUE_LABELS: Record<JobQueueName, string> = {
  email: 'E-mail',
  'webhook-delivery': 'Webhook delivery',
  push: 'Push notification',
  'carrier-tracking': 'Tracking refresh',
  'carrier-void': 'Label refund at carrier',
  'carrier-pickup-cancel': 'Pickup cancellation at carrier',
};

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  created: 'Waiting',
  retry: 'Retrying',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** A job as the super admin's Jobs page lists it: what it is about, never its payload (codes, links). */
export interface JobItem {
  id: string;
  queue: JobQueueName;
  state: JobStateName;
  /** E-mail: recipient and subject; webhook: event type and target URL. */
  summary: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it runs next (waiting and retrying jobs). */
  runAfter: string;
  finishedAt: string | null;
}

export interface JobQueueCounts {
  queue: JobQueueName;
  waiting: number;
  retrying: number;
  running: number;
  failed: number;
  completed: number;
}
