import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { forbidden, notFound } from '../../lib/errors';
import { getAuth } from '../../plugins/authentication';
import { findUserById } from '../users/service';

export type Actor = Pick<UserRow, 'id' | 'roleCode' | 'isSuperSubAdmin'>;
type Target = Pick<UserRow, 'id' | 'roleCode' | 'parentUserId' | 'referredByUserId'>;

/**
 * Who may manage (see, edit, access) whom (spec 1, 6; issue 6):
 * - nobody manages a super admin, and nobody manages themselves;
 * - the super admin manages everyone else;
 * - a sub-admin manages their own customers (USERs whose parent_user_id is them);
 * - a sub-admin flagged isSuperSubAdmin also manages their referred clients (accounts that registered through
 *   their invitation link, referred_by_user_id) and the customers of a referred sub-admin.
 * Lists apply the same rules in SQL; this is the check for one account.
 */
export async function manages(db: Db, actor: Actor, target: Target): Promise<boolean> {
  if (target.roleCode === 'SUPER_ADMIN' || target.id === actor.id) return false;
  if (actor.roleCode === 'SUPER_ADMIN') return true;
  if (actor.roleCode !== 'SUB_ADMIN') return false;
  if (target.roleCode === 'USER' && target.parentUserId === actor.id) return true;
  if (!actor.isSuperSubAdmin) return false;
  if (target.referredByUserId === actor.id) return true;
  if (target.roleCode === 'USER' && target.parentUserId) {
    const parent = await findUserById(db, target.parentUserId);
    return parent?.roleCode === 'SUB_ADMIN' && parent.referredByUserId === actor.id;
  }
  return false;
}

/** Loads an account the actor manages: 404 when it does not exist, 403 when it is not theirs. */
export async function loadManaged(db: Db, actor: Actor, targetId: string): Promise<UserRow> {
  const target = await findUserById(db, targetId);
  if (!target) throw notFound();
  if (!(await manages(db, actor, target))) throw forbidden();
  return target;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A preValidation hook: the account named by the route parameter must be one the caller manages, checked
 * before the body is validated, so a caller outside the tenancy always gets 403 (or 404), never a 422 that
 * would tell them about the body. A malformed id is left to the params schema (422).
 */
export function requireManagedParam(param: string) {
  return async function requireManagedParamHook(request: FastifyRequest): Promise<void> {
    const id = (request.params as Record<string, unknown> | undefined)?.[param];
    if (typeof id !== 'string' || !UUID.test(id)) return;
    await loadManaged(request.server.db, getAuth(request).user, id);
  };
}
