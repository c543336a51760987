import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import type { RoleCode } from '@postwise/shared/roles';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow } from '../db/schema/sessions';
import type { UserRow } from '../db/schema/users';
import { forbidden, MESSAGES, unauthorized } from '../lib/errors';
import { resolveSession } from '../modules/auths/sessions';

export interface AuthContext {
  /** The account the request acts as (the impersonated one during impersonation). */
  user: UserRow;
  session: SessionRow;
  /** The admin behind an impersonation session, else null. */
  impersonatorUserId: string | null;
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

/** Resolves the x-access-Token session into `request.auth`, or fails with 401 (403 for an inactive account). */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  const token = readToken(request);
  if (!token) throw unauthorized();
  const { db, config } = request.server;
  const lookup = await resolveSession(db, token, config.now(), config.sessionTtlMinutes);
  if (lookup.status === 'expired') throw unauthorized(MESSAGES.sessionExpired, 'SESSION_EXPIRED');
  // Narrower scopes (onboarding, reset) only open the routes made for them.
  if (lookup.status === 'unknown' || lookup.session.scope !== 'full') throw unauthorized();
  if (lookup.user.status !== 'active') throw forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');
  request.auth = {
    user: lookup.user,
    session: lookup.session,
    impersonatorUserId: lookup.session.impersonatorUserId,
  };
}

/** An onRequest hook: signed in with one of `roles`, else 403. */
export function requireRole(...roles: RoleCode[]): onRequestAsyncHookHandler {
  return async function requireRoleHook(request) {
    await requireAuth(request);
    if (!roles.includes(getAuth(request).user.roleCode)) throw forbidden();
  };
}

/** The signed-in context inside a handler guarded by requireAuth/requireRole. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const authentication = fp(
  async (app) => {
    app.decorateRequest('auth', null);
  },
  { name: 'authentication', dependencies: ['app-context'] },
);
