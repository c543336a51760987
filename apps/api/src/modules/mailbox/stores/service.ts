import type { Store } from '@postwise/shared/admin';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { z } from 'zod';
import { type storeSchema, ADMIN_MESSAGES } from '@postwise/shared/schemas/admin';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { mailboxes } from '../schema/mailboxes';
import { type StoreRow, stores } from '../schema/stores';
import { type UserRow, users, type Actor, actorMay, actorOf, audit } from '../../identity';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import { ascending, pagedPrepared, preparedList } from '../../../db/paging';
import { prefixRange, prefixSearchValues } from '../../../db/prefix-search';
import { assertStoreAllowed } from '../plan-usage/service';

export type StoreValues = z.output<typeof storeSchema>;

const mailboxCount = sql<number>`(select count(*) from ${mailboxes} where ${mailboxes.storeId} = ${stores.id})`.mapWith(
  Number,
);

function toStore(row: {
  store: StoreRow;
  owner: Pick<UserRow, 'id' | 'fullName' | 'email' | 'roleCode'>;
  mailboxCount: number;
}): Store {
  const s = row.store;
  return {
    id: s.id,
    owner: { id: row.owner.id, fullName: row.owner.fullName, email: row.owner.email, role: row.owner.roleCode },
    name: s.name,
    address1: s.address1,
    address2: s.address2,
    city: s.city,
    state: s.state,
    zip: s.zip,
    country: s.country,
    phone: s.phone,
    hours: s.hours,
    latitude: s.latitude,
    longitude: s.longitude,
    pmbPrefix: s.pmbPrefix,
    nextPmbNumber: s.nextPmbNumber,
    isDefault: s.isDefault,
    timeZone: s.timeZone,
    mailboxCount: Number(row.mailboxCount),
    createdAt: s.createdAt.toISOString(),
  };
}

function selectStores(db: Db) {
  return db
    .select({
      store: stores,
      owner: { id: users.id, fullName: users.fullName, email: users.email, roleCode: users.roleCode },
      mailboxCount,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerUserId));
}

/** Store list: a sub-admin sees their own stores; 'stores.all' (the super admin) every store, or one owner's. */
export function listStores(db: Db, actor: Actor, page: PageQuery, filter: { search?: string; ownerUserId?: string }) {
  const owner = actorMay(actor, 'stores.all') ? filter.ownerUserId : actor.userId;
  const search = filter.search?.trim();
  const list = preparedList<Parameters<typeof toStore>[0]>(
    db,
    'stores',
    { owner: Boolean(owner), search: Boolean(search) },
    (shape) => {
      const filters = shape.owner ? eq(stores.ownerUserId, sql.placeholder('owner')) : undefined;
      const name = sql`lower(${stores.name})`;
      return {
        from: stores,
        where: and(filters, shape.search ? sql`${name} like ${sql.placeholder('pattern')}` : undefined),
        key: stores.id,
        // A name search reads stores_name_pattern_idx as a range (db/prefix-search.ts).
        ...(shape.search ? { search: { filters, branches: [prefixRange(name)] } } : {}),
        // Default first, then oldest first (stores_listed_idx): `not is_default` so every column runs one way.
        order: ascending(sql`(not ${stores.isDefault})`, stores.createdAt, stores.id),
        load: (keys) => selectStores(db).where(inArray(stores.id, keys)),
      };
    },
  );
  const values = { ...(owner ? { owner } : {}), ...(search ? prefixSearchValues(search) : {}) };
  return pagedPrepared(list, values, page, toStore);
}

/** A store the caller may see and change: its owner, or whoever holds 'stores.all' (the super admin). */
export async function loadStore(db: Db, actor: Actor, id: string): Promise<Store> {
  const [row] = await selectStores(db).where(eq(stores.id, id)).limit(1);
  if (!row) throw notFound();
  if (!actorMay(actor, 'stores.all') && row.store.ownerUserId !== actor.userId) throw forbidden();
  return toStore(row);
}

function columns(values: StoreValues) {
  return {
    name: values.name,
    address1: values.address1,
    address2: values.address2 || null,
    city: values.city,
    state: values.state,
    zip: values.zip,
    country: values.country,
    phone: values.phone,
    hours: values.hours,
    latitude: values.latitude,
    longitude: values.longitude,
    pmbPrefix: values.pmbPrefix,
    nextPmbNumber: values.nextPmbNumber,
    timeZone: values.timeZone,
  };
}

/** Add Store: the owner's first store is their default; marking another default moves the flag. */
export async function createStore(app: FastifyInstance, actor: Actor, values: StoreValues): Promise<Store> {
  const now = app.config.now();
  // The store and its audit row commit together or not at all.
  const id = await app.db.transaction(async (tx) => {
    // A sub-admin's plan caps their stores (numberOfStores); refused with an upgrade path (409).
    await assertStoreAllowed(tx, actor.userId);
    const existing = await tx.$count(stores, eq(stores.ownerUserId, actor.userId));
    const isDefault = values.isDefault || existing === 0;
    if (isDefault) {
      await tx.update(stores).set({ isDefault: false }).where(eq(stores.ownerUserId, actor.userId));
    }
    const [row] = await tx
      .insert(stores)
      .values({ ...columns(values), ownerUserId: actor.userId, isDefault, createdAt: now, updatedAt: now })
      .returning({ id: stores.id });
    if (!row) throw new Error('Store insert returned no row');
    await audit(tx, actor, 'store.create', { type: 'store', id: row.id }, { name: values.name });
    return row.id;
  });
  return loadStore(app.db, actor, id);
}

export async function updateStore(app: FastifyInstance, actor: Actor, id: string, values: StoreValues): Promise<Store> {
  const current = await loadStore(app.db, actor, id);
  await app.db.transaction(async (tx) => {
    if (values.isDefault && !current.isDefault) {
      await tx
        .update(stores)
        .set({ isDefault: false })
        .where(and(eq(stores.ownerUserId, current.owner.id), ne(stores.id, id)));
    }
    await tx
      .update(stores)
      .set({ ...columns(values), isDefault: values.isDefault || current.isDefault, updatedAt: app.config.now() })
      .where(eq(stores.id, id));
    await audit(tx, actor, 'store.update', { type: 'store', id }, { name: values.name });
  });
  return loadStore(app.db, actor, id);
}

/** A store that holds mailboxes stays: its PMB numbers are customers' addresses. */
export async function deleteStore(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const current = await loadStore(app.db, actor, id);
  if (current.mailboxCount > 0) throw conflict(ADMIN_MESSAGES.storeInUse);
  await app.db.transaction(async (tx) => {
    await tx.delete(stores).where(eq(stores.id, id));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.ownerUserId, current.owner.id))
        .orderBy(asc(stores.createdAt))
        .limit(1);
      if (next) await tx.update(stores).set({ isDefault: true }).where(eq(stores.id, next.id));
    }
    await audit(tx, actor, 'store.delete', { type: 'store', id }, { name: current.name });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** preValidation: the store of the `id` parameter is the caller's (or the caller is the super admin), before the body is read. */
export async function requireOwnStoreParam(request: FastifyRequest): Promise<void> {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  if (typeof id !== 'string' || !UUID.test(id)) return;
  await loadStore(request.server.db, actorOf(request), id);
}
