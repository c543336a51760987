import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { IssuerStoreLookup } from '../../billing';
import { users } from '../../identity';
import { stores } from '../schema/stores';

/**
 * The store an invoice is issued from: the reseller's own (their default, else their first), or, for the platform
 * (no issuer, or the super admin), the platform's default store, whose address is the company's.
 */
export const issuerStoreLookup: IssuerStoreLookup = async (db: Db, issuerUserId) => {
  const pick = (where: ReturnType<typeof eq>) =>
    db
      .select({ store: stores, role: users.roleCode })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerUserId))
      .where(where)
      .orderBy(desc(stores.isDefault), asc(stores.createdAt))
      .limit(1);
  const [own] = issuerUserId ? await pick(eq(stores.ownerUserId, issuerUserId)) : [];
  const [row] = own && own.role !== 'SUPER_ADMIN' ? [own] : await pick(eq(users.roleCode, 'SUPER_ADMIN'));
  if (!row) return null;
  const s = row.store;
  return {
    name: s.name,
    addressLines: [s.address1, s.address2, `${s.city}, ${s.state} ${s.zip}`, s.country].filter((l): l is string =>
      Boolean(l && l.trim()),
    ),
    phone: s.phone || null,
    isPlatform: row.role === 'SUPER_ADMIN',
  };
};
