import type { ProfileKind } from '@postwise/shared/roles';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { profiles } from '../schema/profiles';
import { type SessionRow, type SessionScope, sessions } from '../schema/sessions';
import { type UserRow, users } from '../schema/users';
import { hashToken, newAccessToken } from '../../../lib/tokens';
import { unauthorized } from '../../../lib/errors';
import { managesSql } from '../tenancy/manages';

/** Sliding expiry writes at most this often per session, so every request does not become a write. */
export const SLIDE_INTERVAL_MS = 60_000;

export interface NewSession {
  userId: string;
  ttlMinutes: number;
  now: Date;
  scope?: SessionScope;
  impersonatorUserId?: string | null;
  /** The impersonator's own session (required with impersonatorUserId): the acting session lives only with it. */
  impersonatorSessionId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Creates a session and returns the raw token: the only time it exists outside the client. */
export async function createSession(db: Db, input: NewSession): Promise<{ accessToken: string; session: SessionRow }> {
  const accessToken = newAccessToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(accessToken),
      scope: input.scope ?? 'full',
      impersonatorUserId: input.impersonatorUserId ?? null,
      impersonatorSessionId: input.impersonatorSessionId ?? null,
      createdAt: input.now,
      lastUsedAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.ttlMinutes * 60_000),
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    })
    .returning();
  if (!session) throw new Error('Session insert returned no row');
  return { accessToken, session };
}

export type SessionLookup =
  | { status: 'valid'; session: SessionRow; user: UserRow; currentProfile: ProfileKind | null }
  | { status: 'unknown' }
  | { status: 'expired' };

const impersonators = alias(users, 'session_impersonators');
const impersonatorSessions = alias(sessions, 'session_impersonator_sessions');

/**
 * Finds the live session of a raw token with its user (and current profile) in one query. An acting session
 * (account access) is live only while, in that same query, the impersonator's own session is live and full,
 * the impersonator is active, and the impersonator still manages the target by the tenancy rule; so a
 * deactivated, demoted, logged-out or re-passworded impersonator loses every acting session at once. A valid session slides its expiry forward (at most once a minute), the impersonator's with it.
 */
function buildSessionLookup(db: Db) {
  const impersonatorValid = sql<boolean>`coalesce((
    ${impersonatorSessions.revokedAt} is null
    and ${impersonatorSessions.expiresAt} > ${sql.placeholder('now')}
    and ${impersonatorSessions.scope} = 'full'
    and ${impersonatorSessions.userId} = ${sessions.impersonatorUserId}
    and ${impersonators.status} = 'active'
    and ${managesSql(
      {
        userId: sql`${impersonators.id}`,
        role: sql`${impersonators.roleCode}`,
        isSuperSubAdmin: sql`${impersonators.isSuperSubAdmin}`,
      },
      users,
    )}
  ), false)`.mapWith(Boolean);
  return db
    .select({ session: sessions, user: users, currentProfile: profiles.currentProfile, impersonatorValid })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorUserId))
    .leftJoin(impersonatorSessions, eq(impersonatorSessions.id, sessions.impersonatorSessionId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_session');
}

/** The lookup runs on every request: built once per database handle, planned once per connection. */
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/**
 * `maxAgeMinutes`: the absolute lifetime. However often a session is used, it ends that long after it began, and
 * sliding never moves an expiry past it.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  ttlMinutes: number,
  maxAgeMinutes?: number,
): Promise<SessionLookup> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [found] = await lookup.execute({ now: now.toISOString(), tokenHash: hashToken(token) });
  if (!found || found.session.revokedAt) return { status: 'unknown' };
  if (found.session.impersonatorUserId && !found.impersonatorValid) {
    // Revoked, not just refused: a right the impersonator lost and gets back later must not revive the session.
    await revokeSession(db, found.session.id, now);
    return { status: 'unknown' };
  }
  if (found.session.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const endOfLife = maxAgeMinutes ? found.session.createdAt.getTime() + maxAgeMinutes * 60_000 : Infinity;
  if (endOfLife <= now.getTime()) return { status: 'expired' };

  let session = found.session;
  if (now.getTime() - session.lastUsedAt.getTime() >= SLIDE_INTERVAL_MS) {
    const slid = new Date(now.getTime() + ttlMinutes * 60_000);
    const ids = [session.id, ...(session.impersonatorSessionId ? [session.impersonatorSessionId] : [])];
    // Each row's expiry stays within its own absolute lifetime (an acting session's root began earlier).
    const capped = maxAgeMinutes
      ? sql`least(${slid.toISOString()}::timestamptz, ${sessions.createdAt} + make_interval(mins => ${maxAgeMinutes}))`
      : slid;
    await db.update(sessions).set({ lastUsedAt: now, expiresAt: capped }).where(inArray(sessions.id, ids));
    session = { ...session, lastUsedAt: now, expiresAt: new Date(Math.min(slid.getTime(), endOfLife)) };
  }
  return { status: 'valid', session, user: found.user, currentProfile: found.currentProfile ?? null };
}

/** A session by id, for use cases that change the caller's own session. */
export async function loadSession(db: Db, sessionId: string): Promise<SessionRow> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!row) throw unauthorized();
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Revokes every live session of a user (password reset, deactivation), or all but one (password change), and
 * every session in which the user acts as someone else: account access ends with the impersonator's password.
 */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

const actingTargets = alias(users, 'acting_targets');

/**
 * Ends every account access an impersonator started on an account they no longer manage, by the same tenancy
 * rule the session lookup applies (e.g. a super sub-admin that lost isSuperSubAdmin loses its sessions on
 * referred clients, not those on its own customers). Revoked at once, so restoring the right revives nothing.
 */
export async function revokeActingSessionsNoLongerManaged(
  db: Db,
  impersonator: Pick<UserRow, 'id' | 'roleCode' | 'isSuperSubAdmin' | 'status'>,
  now: Date,
): Promise<void> {
  const stillManaged =
    impersonator.status === 'active'
      ? managesSql(
          { userId: impersonator.id, role: impersonator.roleCode, isSuperSubAdmin: impersonator.isSuperSubAdmin },
          actingTargets,
        )
      : sql`false`;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.impersonatorUserId, impersonator.id),
        isNull(sessions.revokedAt),
        sql`not exists (select 1 from ${users} as ${sql.identifier('acting_targets')}
          where ${actingTargets.id} = ${sessions.userId} and ${stillManaged})`,
      ),
    );
}

/** Ends account access started from this session (logout): the acting sessions go with it. */
export async function revokeSessionWithActing(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(or(eq(sessions.id, sessionId), eq(sessions.impersonatorSessionId, sessionId)), isNull(sessions.revokedAt)),
    );
}

/** Unlocks the Configuration tab for this session until `until` (spec 2.3). */
export async function unlockConfiguration(db: Db, sessionId: string, until: Date): Promise<void> {
  await db.update(sessions).set({ configurationUnlockedUntil: until }).where(eq(sessions.id, sessionId));
}

/**
 * Locks the Configuration tab again on a whole account-access chain (Exit): the impersonator's own session and
 * every acting session started from it, as the client locks the tab for the account it returns to.
 */
export async function lockConfigurationOfChain(db: Db, rootSessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ configurationUnlockedUntil: null })
    .where(or(eq(sessions.id, rootSessionId), eq(sessions.impersonatorSessionId, rootSessionId)));
}
