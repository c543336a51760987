import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SessionRow, type SessionScope, sessions } from '../../db/schema/sessions';
import { type UserRow, users } from '../../db/schema/users';
import { hashToken, newAccessToken } from '../../lib/tokens';

/** Sliding expiry writes at most this often per session, so every request does not become a write. */
export const SLIDE_INTERVAL_MS = 60_000;

export interface NewSession {
  userId: string;
  ttlMinutes: number;
  now: Date;
  scope?: SessionScope;
  impersonatorUserId?: string | null;
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
  { status: 'valid'; session: SessionRow; user: UserRow } | { status: 'unknown' } | { status: 'expired' };

/** Finds the live session of a raw token; a valid one slides its expiry forward (at most once a minute). */
export async function resolveSession(db: Db, token: string, now: Date, ttlMinutes: number): Promise<SessionLookup> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!found || found.session.revokedAt) return { status: 'unknown' };
  if (found.session.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };

  let session = found.session;
  if (now.getTime() - session.lastUsedAt.getTime() >= SLIDE_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
    await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, session.id));
    session = { ...session, lastUsedAt: now, expiresAt };
  }
  return { status: 'valid', session, user: found.user };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user (password reset), or all but one (password change). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
