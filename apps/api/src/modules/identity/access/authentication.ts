import type { Viewer } from '@postwise/shared/access';
import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import { API_KEY_PREFIX, type ApiKeyScope } from '@postwise/shared/integrations';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow } from '../schema/sessions';
import type { UserRow } from '../schema/users';
import { forbidden, MESSAGES, tooMany, unauthorized } from '../../../lib/errors';
import { auditApiKeyUse, resolveApiKey } from '../api-keys/service';
import { resolveSession } from '../auths/sessions';
import { type Actor, actorFromUser } from '../tenancy/actor';

export interface AuthContext {
  /** The account the request acts as (the impersonated one during impersonation). */
  user: UserRow;
  /** The signed-in session; null when the request came with an API key. */
  session: SessionRow | null;
  /** The API key the request came with (Authorization: Bearer pw_live_...), else null. */
  apiKey: { id: string; prefix: string; scopes: ApiKeyScope[] } | null;
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

function readApiKey(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  const match = typeof value === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : undefined;
}

const API_KEY_CLOSED = 'API keys cannot be used for this call; sign in instead.';

/**
 * An API key instead of a session: the key's owner, with only its scopes (checked by requireAudience), limited to
 * API_KEY_RATE_LIMIT_PER_MINUTE requests a minute per key. 401 for an unknown or revoked key.
 */
async function authenticateApiKey(request: FastifyRequest, key: string): Promise<void> {
  const { db, config, counters } = request.server;
  const now = config.now();
  const found = await resolveApiKey(db, key, now);
  if (!found) throw unauthorized('This API key is not valid or was revoked.');
  const { user, apiKey, currentProfile } = found;
  if (user.status !== 'active') throw forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');
  request.auth = {
    user,
    session: null,
    apiKey: { id: apiKey.id, prefix: apiKey.prefix, scopes: apiKey.scopes },
    impersonatorUserId: null,
    actor: actorFromUser(user, null, { ip: request.ip }),
    viewer: {
      role: user.roleCode,
      accountType: user.accountType ?? null,
      currentProfile,
      isSuperSubAdmin: user.isSuperSubAdmin,
      // Configuration is behind a session's unlock: never open to a key (no scope names it either).
      configurationUnlocked: false,
    },
  };
  const limit = config.apiKeys.rateLimitPerMinute;
  const { count, resetInMs } = await counters.hit(`api-key:${apiKey.id}`, 60_000);
  if (count > limit) throw tooMany(undefined, Math.max(1, Math.ceil(resetInMs / 1000)));
}

/**
 * Resolves the caller into `request.auth`: the x-access-Token session, or an API key. 401 without either (or for
 * an unknown one), 403 for an inactive account. Scopes are requireAudience's to check.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  const token = readToken(request);
  if (!token) {
    const key = readApiKey(request);
    if (key) return authenticateApiKey(request, key);
    throw unauthorized();
  }
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
    apiKey: null,
    impersonatorUserId: session.impersonatorUserId,
    actor: actorFromUser(user, session.impersonatorUserId, { sessionId: session.id, ip: request.ip }),
    viewer: {
      role: user.roleCode,
      accountType: user.accountType ?? null,
      currentProfile: lookup.currentProfile,
      isSuperSubAdmin: user.isSuperSubAdmin,
      configurationUnlocked: configurationUnlocked(user, session, now),
    },
  };
}

/**
 * Signed in with a session (401 otherwise). An API key is refused (403) here: an endpoint open to keys names its
 * capability with requireAudience, which checks the key's scopes.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  await authenticate(request);
  if (request.auth?.apiKey) throw forbidden(API_KEY_CLOSED);
}

/** The session of a signed-in request, for calls that change the session itself (never reached with a key). */
export function sessionOf(request: FastifyRequest): SessionRow {
  const session = getAuth(request).session;
  if (!session) throw forbidden(API_KEY_CLOSED);
  return session;
}

/** The session of a plain actor, for use cases that change the session itself (never reached with a key). */
export function sessionIdOf(actor: Actor): string {
  if (!actor.sessionId) throw forbidden(API_KEY_CLOSED);
  return actor.sessionId;
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
    // Every use of an API key is in the audit log (one row per key, endpoint and minute; see auditApiKeyUse).
    app.addHook('onResponse', async (request, reply) => {
      const key = request.auth?.apiKey;
      if (!key) return;
      try {
        const call = {
          userId: request.auth?.user.id ?? null,
          ip: request.ip,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
          status: reply.statusCode,
        };
        await auditApiKeyUse(request.server, call, key);
      } catch (err) {
        request.log.error({ err }, 'API key use not audited');
      }
    });
  },
  { name: 'authentication', dependencies: ['app-context'] },
);
