import type { LoginResult } from '@postwise/shared/api-types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound, unauthorized } from '../../../lib/errors';
import { getAuth } from '../access/authentication';
import { auditRequest } from '../audit/service';
import { createSession, lockConfigurationOfChain, revokeSession } from '../auths/sessions';
import { actorFromUser } from '../tenancy/actor';
import { manages } from '../tenancy/manages';
import { findUserById, loadUserDto } from '../users/service';

export const ACCESS_MESSAGES = {
  superAdmin: 'Nobody can access a super admin account.',
  self: 'You are already signed in to this account.',
  inactive: 'This account is inactive and cannot be accessed.',
  notImpersonating: 'This session is not accessing another account.',
} as const;

/**
 * Access account (spec 1, 4): a new session for the target that records the human behind it
 * (impersonator_user_id). Nested access keeps the original human as the impersonator, and the target must be
 * manageable both by the account in use and by that human, so a stack never reaches further than its start.
 */
export async function accessAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  targetId: string,
): Promise<LoginResult> {
  const auth = getAuth(request);
  const current = auth.user;
  const rootId = auth.impersonatorUserId ?? current.id;
  const target = await findUserById(app.db, targetId);
  if (!target) throw notFound();
  if (target.roleCode === 'SUPER_ADMIN') throw forbidden(ACCESS_MESSAGES.superAdmin);
  if (target.id === current.id || target.id === rootId) throw conflict(ACCESS_MESSAGES.self);

  const root = rootId === current.id ? current : await findUserById(app.db, rootId);
  if (!root || root.status !== 'active') throw unauthorized();
  const allowed =
    (await manages(app.db, auth.actor, target.id)) &&
    (root === current || (await manages(app.db, actorFromUser(root), target.id)));
  if (!allowed) throw forbidden();
  if (target.status !== 'active') throw conflict(ACCESS_MESSAGES.inactive);

  // The acting session hangs on the human's own session (the first of a nested chain): it dies with it, and
  // the session lookup re-checks that the human still manages the target (issue 9, defect 3).
  const rootSessionId = auth.session.impersonatorSessionId ?? auth.session.id;
  const accessToken = await app.db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: target.id,
      ttlMinutes: app.config.sessionTtlMinutes,
      now: app.config.now(),
      impersonatorUserId: root.id,
      impersonatorSessionId: rootSessionId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await auditRequest(
      request,
      tx,
      'account.access',
      { type: 'user', id: target.id },
      { sessionId: created.session.id, fromUserId: current.id },
    );
    return created.accessToken;
  });
  const user = await loadUserDto(app.db, target.id);
  if (!user) throw notFound();
  return { accessToken, user };
}

/** Revert (spec 4): ends the impersonation session; the client returns to the account below it on its stack. */
export async function revertAccess(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const auth = getAuth(request);
  if (!auth.impersonatorUserId) throw conflict(ACCESS_MESSAGES.notImpersonating);
  await app.db.transaction(async (tx) => {
    await revokeSession(tx, auth.session.id, app.config.now());
    // Exit locks the Configuration tab again (spec 2.4), on the server as on the client.
    if (auth.session.impersonatorSessionId) await lockConfigurationOfChain(tx, auth.session.impersonatorSessionId);
    await auditRequest(
      request,
      tx,
      'account.revert',
      { type: 'user', id: auth.user.id },
      { sessionId: auth.session.id },
    );
  });
}
