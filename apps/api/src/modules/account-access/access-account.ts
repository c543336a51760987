import type { LoginResult } from '@postwise/shared/api-types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { getAuth } from '../../plugins/authentication';
import { auditRequest } from '../audit/service';
import { createSession, revokeSession } from '../auths/sessions';
import { findUserById, loadUserDto } from '../users/service';
import { manages } from './tenancy';

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
    (await manages(app.db, current, target)) && (root === current || (await manages(app.db, root, target)));
  if (!allowed) throw forbidden();
  if (target.status !== 'active') throw conflict(ACCESS_MESSAGES.inactive);

  const { accessToken, session } = await createSession(app.db, {
    userId: target.id,
    ttlMinutes: app.config.sessionTtlMinutes,
    now: app.config.now(),
    impersonatorUserId: root.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  await auditRequest(
    request,
    app.db,
    'account.access',
    { type: 'user', id: target.id },
    {
      sessionId: session.id,
      fromUserId: current.id,
    },
  );
  const user = await loadUserDto(app.db, target.id);
  if (!user) throw notFound();
  return { accessToken, user };
}

/** Revert (spec 4): ends the impersonation session; the client returns to the account below it on its stack. */
export async function revertAccess(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const auth = getAuth(request);
  if (!auth.impersonatorUserId) throw conflict(ACCESS_MESSAGES.notImpersonating);
  await revokeSession(app.db, auth.session.id, app.config.now());
  await auditRequest(
    request,
    app.db,
    'account.revert',
    { type: 'user', id: auth.user.id },
    {
      sessionId: auth.session.id,
    },
  );
}
