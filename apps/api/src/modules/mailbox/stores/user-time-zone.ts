import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { UserTimeZoneLookup } from '../../billing';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';

/**
 * The time zone of a user's billing calendar (renewal days, payout months), one rule for everyone: a store owner
 * (sub-admin, super admin) counts in their default store's zone (else their oldest store's); a box holder in the zone
 * of their mailbox's store (one box per holder); anyone else gets null (billing's default, Los
 * Angeles).
 */
export const userTimeZoneLookup: UserTimeZoneLookup = async (db: Db, userId) => {
  const [owned] = await db
    .select({ timeZone: stores.timeZone })
    .from(stores)
    .where(eq(stores.ownerUserId, userId))
    .orderBy(desc(stores.isDefault), asc(stores.createdAt))
    .limit(1);
  if (owned) return owned.timeZone;
  const [held] = await db
    .select({ timeZone: stores.timeZone })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .where(eq(mailboxes.userId, userId))
    .limit(1);
  return held?.timeZone ?? null;
};
