import type { RoleCode } from '@postwise/shared/roles';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { type UserRow, users } from '../schema/users';
import { forbidden, notFound } from '../../../lib/errors';
import type { Actor } from './actor';

/** An actor's fields as values (a plain Actor) or as SQL (a joined row, e.g. the impersonator in the session lookup). */
export interface ActorRef {
  userId: string | SQL;
  role: RoleCode | SQL;
  isSuperSubAdmin: boolean | SQL;
}

/** The users table, or an alias of it (the columns the rule reads). */
type UsersTable = Record<'id' | 'roleCode' | 'parentUserId' | 'referredByUserId', AnyPgColumn>;

const tenancyParents = alias(users, 'tenancy_parents');

/**
 * THE tenancy rule, "who manages whom" (spec 1, 6), as one SQL condition on a users row `target`:
 * - nobody manages a super admin, and nobody manages themselves;
 * - the super admin manages everyone else;
 * - a sub-admin manages their own customers (USERs whose parent_user_id is them);
 * - a sub-admin flagged isSuperSubAdmin also manages their referred clients (accounts that registered through
 *   their invitation link, referred_by_user_id) and the customers of a referred sub-admin.
 * Lists filter with it (`managedUsersFilter`), one account is checked with it (`manages`), and the session
 * lookup re-checks an impersonator with it on every request, so the three can never disagree.
 */
export function managesSql(actor: ActorRef, target: UsersTable = users): SQL {
  const notSelfOrSuperAdmin = and(ne(target.roleCode, 'SUPER_ADMIN'), sql`${target.id} <> ${actor.userId}`) as SQL;
  const ownCustomer = and(eq(target.roleCode, 'USER'), sql`${target.parentUserId} = ${actor.userId}`) as SQL;
  const referred = sql`(${target.referredByUserId} = ${actor.userId} or (${target.roleCode} = 'USER' and exists (
    select 1 from ${users} as ${sql.identifier('tenancy_parents')} where ${tenancyParents.id} = ${target.parentUserId}
      and ${tenancyParents.roleCode} = 'SUB_ADMIN' and ${tenancyParents.referredByUserId} = ${actor.userId})))`;

  // A plain actor: decide the role in JS, so a list query carries only the condition that applies.
  if (typeof actor.role === 'string' && typeof actor.isSuperSubAdmin === 'boolean') {
    if (actor.role === 'SUPER_ADMIN') return notSelfOrSuperAdmin;
    if (actor.role !== 'SUB_ADMIN') return sql`false`;
    return sql`(${notSelfOrSuperAdmin} and ${actor.isSuperSubAdmin ? sql`(${ownCustomer} or ${referred})` : ownCustomer})`;
  }
  return sql`(${notSelfOrSuperAdmin} and (${actor.role} = 'SUPER_ADMIN' or (${actor.role} = 'SUB_ADMIN' and (${ownCustomer} or (${actor.isSuperSubAdmin} and ${referred})))))`;
}

/** The SQL form for lists: the users rows the actor manages. */
export function managedUsersFilter(actor: Actor, target: UsersTable = users): SQL {
  return managesSql(actor, target);
}

/**
 * The same filter for a statement prepared once per kind of actor: the actor's id is the placeholder `actorId`
 * (bind `actor.userId`); the role and the super sub-admin flag choose the condition, so they belong in the
 * statement's key.
 */
export function managedUsersFilterPrepared(actor: Pick<Actor, 'role' | 'isSuperSubAdmin'>): SQL {
  return managesSql({
    userId: sql`${sql.placeholder('actorId')}`,
    role: actor.role,
    isSuperSubAdmin: actor.isSuperSubAdmin,
  });
}

/** Whether the actor manages one account (the same SQL, asked for one row). */
export async function manages(db: Db, actor: Actor, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, targetId), managedUsersFilter(actor)))
    .limit(1);
  return Boolean(row);
}

/** The account itself or one it manages: who may read an account's documents, logos and lock state. */
export async function managesOrIs(db: Db, actor: Actor, targetId: string): Promise<boolean> {
  return targetId === actor.userId || manages(db, actor, targetId);
}

/** Loads an account the actor manages: 404 when it does not exist, 403 when it is not theirs. */
export async function loadManaged(db: Db, actor: Actor, targetId: string): Promise<UserRow> {
  const [row] = await db
    .select({ user: users, managed: managedUsersFilter(actor).mapWith(Boolean) })
    .from(users)
    .where(eq(users.id, targetId))
    .limit(1);
  if (!row) throw notFound();
  if (!row.managed) throw forbidden();
  return row.user;
}
