import type { Viewer } from '@postwise/shared/access';
import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow } from '../schema/sessions';
import type { UserRow } from '../schema/users';
import { forbidden, MESSAGES, unauthorized } from '../../../lib/errors';
import { resolveSession } from '../auths/sessions';
import { type Actor, actorFromUser } from '../tenancy/actor';

export interface AuthContext {
  /** The account the request acts as (the impersonated one during impersonation). */
  user: UserRow;
  session: SessionRow;
  /** The admin behind an impersonation session, else null. */
  impersonatorUserId: string | null;
  /** The same, as the plain actor use cases take. */
  actor: Actor;
  /** The same, as the shared access rules (capabilities.ts) judge it. */
  viewer: Viewer;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const TOKEN_HEADER = ACCESS_TOKEN_HEADER.toLowerCase();

function readToken(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

/**
 * The Configuration tab is open for this session: always, unless the account's tab is password-protected; then
 * only while the session's server-side unlock (users/check-password) lasts. Whom the gate applies to (a
 * SUB_ADMIN, spec 2.3) is the shared table's decision.
 */
function configurationUnlocked(user: UserRow, session: SessionRow, now: Date): boolean {
  if (!user.configuration?.isPasswordProtected) return true;
  return Boolean(session.configurationUnlockedUntil && session.configurationUnlockedUntil.getTime() > now.getTime());
}

/** Resolves the x-access-Token session into `request.auth`, or fails with 401 (403 for an inactive account). */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  const token = readToken(request);
  if (!token) throw unauthorized();
  const { db, config } = request.server;
  const now = config.now();
  const lookup = await resolveSession(db, token, now, config.sessionTtlMinutes, config.sessionMaxAgeHours * 60);
  if (lookup.status === 'expired') throw unauthorized(MESSAGES.sessionExpired, 'SESSION_EXPIRED');
  // Narrower scopes (onboarding, reset) only open the routes made for them.
  if (lookup.status === 'unknown' || lookup.session.scope !== 'full') throw unauthorized();
  const { user, session } = lookup;
  if (user.status !== 'active') throw forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');
  request.auth = {
    user,
    session,
    impersonatorUserId: session.impersonatorUserId,
    actor: actorFromUser(user, session.impersonatorUserId),
    viewer: {
      role: user.roleCode,
      accountType: user.accountType ?? null,
      currentProfile: lookup.currentProfile,
      isSuperSubAdmin: user.isSuperSubAdmin,
      configurationUnlocked: configurationUnlocked(user, session, now),
    },
  };
}

/** The signed-in context inside a handler guarded by requireAuth/requireAudience. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The plain actor of a signed-in request, for use cases. */
export function actorOf(request: FastifyRequest): Actor {
  return getAuth(request).actor;
}

export const authentication = fp(
  async (app) => {
    app.decorateRequest('auth', null);
  },
  { name: 'authentication', dependencies: ['app-context'] },
);
