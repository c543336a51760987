import type { PushSubscriptionInfo, PushSubscriptionInput } from '@postwise/shared/push';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { type PushSubscriptionRow, pushSubscriptions } from '../schema/push-subscriptions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toInfo(row: PushSubscriptionRow): PushSubscriptionInfo {
  return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}

/**
 * POST push-subscriptions: this device now receives the caller's push notifications. A browser has one
 * endpoint, so subscribing it again (new keys, or another user signed in on it) updates that row.
 */
export async function subscribe(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  now: Date,
): Promise<PushSubscriptionInfo> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return toInfo(row!);
}

/** DELETE push-subscriptions/{id}: only the caller's own; another's (or none) is Not found. */
export async function unsubscribe(db: Db, userId: string, id: string): Promise<PushSubscriptionInfo> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toInfo(row);
}
