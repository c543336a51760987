import type { Db } from '../../../db/client';
import { type UserRow, type Actor, loadManaged } from '../../identity';
import { notFound } from '../../../lib/errors';

/** A customer (role USER) the actor manages: 404 when unknown or not a customer, 403 when not theirs. */
export async function loadCustomer(db: Db, actor: Actor, id: string): Promise<UserRow> {
  const target = await loadManaged(db, actor, id);
  if (target.roleCode !== 'USER') throw notFound();
  return target;
}
