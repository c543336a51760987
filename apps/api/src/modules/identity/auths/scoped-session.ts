import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import { ACCOUNT_MESSAGES } from '@postwise/shared/schemas/accounts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionRow } from '../schema/sessions';
import type { UserRow } from '../schema/users';
import { forbidden, MESSAGES, unauthorized } from '../../../lib/errors';
import { resolveSession } from './sessions';

/** Short lives for the narrow tokens: an applicant's onboarding (sliding) and one password reset. */
export const SCOPED_SESSION_MINUTES = { onboarding: 60, reset: 15 } as const;
export type NarrowScope = keyof typeof SCOPED_SESSION_MINUTES;

export interface ScopedAuth {
  user: UserRow;
  session: SessionRow;
}

const scopedAuth = new WeakMap<FastifyRequest, ScopedAuth>();

function readToken(request: FastifyRequest): string | undefined {
  const value = request.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

/**
 * An onRequest hook for the onboarding calls ('onboarding') and reset-password ('reset'): the
 * x-access-Token must be a live session of exactly that scope, or the call answers 401.
 * A full session does not open these calls and these tokens open nothing else (requireAuth wants 'full').
 */
export function requireScope(scope: NarrowScope): onRequestAsyncHookHandler {
  return async function requireScopeHook(request) {
    const token = readToken(request);
    if (!token) throw unauthorized();
    const { db, config } = request.server;
    const lookup = await resolveSession(db, token, config.now(), SCOPED_SESSION_MINUTES[scope]);
    if (lookup.status === 'expired') throw unauthorized(MESSAGES.sessionExpired, 'SESSION_EXPIRED');
    if (lookup.status === 'unknown' || lookup.session.scope !== scope) throw unauthorized();
    if (lookup.user.status !== 'active') throw forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');
    scopedAuth.set(request, { user: lookup.user, session: lookup.session });
  };
}

export function getScopedAuth(request: FastifyRequest): ScopedAuth {
  const found = scopedAuth.get(request);
  if (!found) throw unauthorized();
  return found;
}

/** The payload's userId must be the token's own user: a userId alone never authorizes anything. */
export function assertSameUser(request: FastifyRequest, userId: unknown): ScopedAuth {
  const auth = getScopedAuth(request);
  if (typeof userId !== 'string' || userId !== auth.user.id) throw forbidden(ACCOUNT_MESSAGES.notApplicant);
  return auth;
}
