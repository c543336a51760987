import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyItem, type CreatedApiKey } from '@postwise/shared/integrations';
import type { ProfileKind } from '@postwise/shared/roles';
import type { ApiKeyCreateInput } from '@postwise/shared/schemas/integrations';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/errors';
import { hashToken } from '../../../lib/tokens';
import { writeAudit } from '../audit/service';
import { type ApiKeyRow, apiKeys } from '../schema/api-keys';
import { profiles } from '../schema/profiles';
import { type UserRow, users } from '../schema/users';
import type { Actor } from '../tenancy/actor';

const KEY_NOT_FOUND = 'API key not found.';
/** Characters of the key kept to tell keys apart: the prefix and 6 more (of 32 random ones). */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, so every call does not become a write. */
const LAST_USED_EVERY_MS = 60_000;
/** One audit row per key, endpoint and this long (a busy integration would otherwise write one per call). */
const AUDIT_WINDOW_MS = 60_000;

export function toApiKeyItem(row: ApiKeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new key: the prefix and 24 random bytes (base64url, 32 characters). Only its SHA-256 is stored. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/**
 * POST api-keys: answers the key once. Created by the account's owner only: an admin in account access cannot
 * leave a credential behind in the account it visits.
 */
export async function createApiKey(db: Db, actor: Actor, input: ApiKeyCreateInput, now: Date): Promise<CreatedApiKey> {
  if (actor.impersonatorUserId) {
    throw forbidden('API keys are created by the account holder, not during account access.');
  }
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: actor.userId,
      name: input.name,
      scopes: input.scopes,
      prefix: key.slice(0, SHOWN_LENGTH),
      keyHash: hashToken(key),
      createdAt: now,
    })
    .returning();
  return { ...toApiKeyItem(row!), key };
}

/** GET api-keys: the caller's live keys, newest first (an account holds a handful; no paging needed). */
export async function listApiKeys(db: Db, actor: Actor): Promise<ApiKeyItem[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, actor.userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(100);
  return rows.map(toApiKeyItem);
}

/** DELETE api-keys/{id}: revoked at once (the next call with it answers 401). Another account's key is 404. */
export async function revokeApiKey(db: Db, actor: Actor, id: string, now: Date): Promise<ApiKeyItem> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, actor.userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw notFound(KEY_NOT_FOUND);
  return toApiKeyItem(row);
}

/** The live key of a raw key, with its owner and the owner's current profile; null when unknown or revoked. */
export async function resolveApiKey(
  db: Db,
  key: string,
  now: Date,
): Promise<{ apiKey: ApiKeyRow; user: UserRow; currentProfile: ProfileKind | null } | null> {
  const [found] = await db
    .select({ apiKey: apiKeys, user: users, currentProfile: profiles.currentProfile })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!found) return null;
  if (!found.apiKey.lastUsedAt || now.getTime() - found.apiKey.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, found.apiKey.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS))),
        ),
      );
  }
  return { apiKey: found.apiKey, user: found.user, currentProfile: found.currentProfile ?? null };
}

/**
 * An audit row for a call made with an API key: who (the key's owner), which key, which endpoint, what it
 * answered. Throttled to one row per key and endpoint a minute (the counter store, Redis when set), so a busy
 * integration does not flood the log; the first call of each minute and endpoint is always recorded.
 */
export async function auditApiKeyUse(
  app: Pick<FastifyInstance, 'db' | 'counters'>,
  call: { userId: string | null; ip: string | null; method: string; route: string; status: number },
  key: { id: string; prefix: string },
): Promise<void> {
  const { method, route, status } = call;
  const { count } = await app.counters.hit(`api-key-audit:${key.id}:${method} ${route}`, AUDIT_WINDOW_MS);
  if (count > 1) return;
  await writeAudit(app.db, {
    actorUserId: call.userId,
    actingAsUserId: null,
    action: 'api_key.use',
    targetType: 'api_key',
    targetId: key.id,
    details: { prefix: key.prefix, method, route, status },
    ip: call.ip,
  });
}
