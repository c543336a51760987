import type { LoginResult } from '@postwise/shared/api-types';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound, unauthorized } from '../../../lib/errors';
import { sessionIdOf } from '../access/authentication';
import { audit } from '../audit/service';
import { createSession, loadSession, lockConfigurationOfChain, revokeSession } from '../auths/sessions';
import { type Actor, actorFromUser, personOf } from '../tenancy/actor';
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
  actor: Actor,
  input: { targetId: string; userAgent: string | undefined },
): Promise<LoginResult> {
  const { targetId } = input;
  const current = await findUserById(app.db, actor.userId);
  if (!current) throw unauthorized();
  const rootId = personOf(actor);
  const target = await findUserById(app.db, targetId);
  if (!target) throw notFound();
  if (target.roleCode === 'SUPER_ADMIN') throw forbidden(ACCESS_MESSAGES.superAdmin);
  if (target.id === current.id || target.id === rootId) throw conflict(ACCESS_MESSAGES.self);

  const root = rootId === current.id ? current : await findUserById(app.db, rootId);
  if (!root || root.status !== 'active') throw unauthorized();
  const allowed =
    (await manages(app.db, actor, target.id)) &&
    (root === current || (await manages(app.db, actorFromUser(root), target.id)));
  if (!allowed) throw forbidden();
  if (target.status !== 'active') throw conflict(ACCESS_MESSAGES.inactive);

  // The acting session hangs on the human's own session (the first of a nested chain): it dies with it, and
  // the session lookup re-checks that the human still manages the target.
  const session = await loadSession(app.db, sessionIdOf(actor));
  const rootSessionId = session.impersonatorSessionId ?? session.id;
  const accessToken = await app.db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: target.id,
      ttlMinutes: app.config.sessionTtlMinutes,
      now: app.config.now(),
      impersonatorUserId: root.id,
      impersonatorSessionId: rootSessionId,
      ip: actor.ip ?? undefined,
      userAgent: input.userAgent,
    });
    await audit(
      tx,
      actor,
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
export async function revertAccess(app: FastifyInstance, actor: Actor): Promise<void> {
  if (!actor.impersonatorUserId) throw conflict(ACCESS_MESSAGES.notImpersonating);
  const session = await loadSession(app.db, sessionIdOf(actor));
  await app.db.transaction(async (tx) => {
    await revokeSession(tx, session.id, app.config.now());
    // Exit locks the Configuration tab again (spec 2.4), on the server as on the client.
    if (session.impersonatorSessionId) await lockConfigurationOfChain(tx, session.impersonatorSessionId);
    await audit(tx, actor, 'account.revert', { type: 'user', id: actor.userId }, { sessionId: session.id });
  });
}
