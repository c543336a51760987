import { allows, type CapabilityName, decide } from '@postwise/shared/capabilities';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, MESSAGES } from '../../../lib/errors';
import { loadManaged } from '../tenancy/manages';
import { actorOf, getAuth, requireAuth } from './authentication';

/**
 * An onRequest hook: signed in (401 otherwise) and in the audience of the capability of
 * packages/shared/src/capabilities.ts (403 otherwise). A capability behind the Configuration gate also needs
 * this session's unlock when the account is a password-protected SUB_ADMIN (403 CONFIGURATION_LOCKED).
 * Endpoints declare `requireAudience('customers.read')`, never a role list.
 */
export function requireAudience(capability: CapabilityName): onRequestAsyncHookHandler {
  return async function requireAudienceHook(request) {
    await requireAuth(request);
    const decision = decide(getAuth(request).viewer, capability);
    if (decision === 'audience') throw forbidden();
    if (decision === 'configuration-locked') {
      throw forbidden(MESSAGES.configurationLocked, 'CONFIGURATION_LOCKED');
    }
  };
}

/** Inside a handler: whether the caller also holds another capability (e.g. 'stores.all' widens a list). */
export function callerMay(request: FastifyRequest, capability: CapabilityName): boolean {
  return allows(getAuth(request).viewer, capability);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A preValidation hook: the account named by the route parameter must be one the caller manages (the tenancy
 * rule), checked before the body is validated, so a caller outside the tenancy always gets 403 (or 404), never
 * a 422 that would tell them about the body. A malformed id is left to the params schema (422).
 */
export function requireManagedParam(param: string) {
  return async function requireManagedParamHook(request: FastifyRequest): Promise<void> {
    const id = (request.params as Record<string, unknown> | undefined)?.[param];
    if (typeof id !== 'string' || !UUID.test(id)) return;
    await loadManaged(request.server.db, actorOf(request), id);
  };
}
