import {
  formatPmb,
  type MailboxSummary,
  type ManagedUserDetail,
  type ManagedUserItem,
  type UserRef,
} from '@postwise/shared/admin';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { RoleCode } from '@postwise/shared/roles';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { searchedExpressions, userSearchPrepared } from '../../identity';
import { invitations } from '../../identity';
import { mailboxes } from '../../mailbox';
import { profiles } from '../../identity';
import { stores } from '../../mailbox';
import { type UserRow, users } from '../../identity';
import { notFound } from '../../../lib/errors';
import { descending, pagedPrepared, preparedList } from '../../../db/paging';
import { prefixRange, prefixSearchValues } from '../../../db/prefix-search';
import { rowFigures } from '../../../db/row-figures';
import type { ApiPage } from '@postwise/shared/api-types';
import { loadUserDto } from '../../identity';

const parents = alias(users, 'parent_users');
const referrers = alias(users, 'referrer_users');

/** Added by an admin and not yet registered through the invitation (the e-mail was never verified). */
const invitedSql = sql<boolean>`(${users.emailVerifiedAt} is null and exists (select 1 from ${invitations} where ${invitations.userId} = ${users.id}))`;

function refColumns(t: typeof parents | typeof referrers) {
  return { id: t.id, fullName: t.fullName, email: t.email, role: t.roleCode };
}

type NullableRef = { id: string | null; fullName: string | null; email: string | null; role: RoleCode | null };

export function toRef(row: NullableRef | null | undefined): UserRef | null {
  if (!row?.id) return null;
  return { id: row.id, fullName: row.fullName ?? '', email: row.email ?? '', role: row.role ?? 'USER' };
}

export function userRef(row: Pick<UserRow, 'id' | 'fullName' | 'email' | 'roleCode'>): UserRef {
  return { id: row.id, fullName: row.fullName, email: row.email, role: row.roleCode };
}

export interface ListOptions {
  /** Adds customerCount and storeCount (sub-admin lists). */
  withCounts?: boolean;
}

/** The filters of one accounts list, prepared once per shape (the `key`) and bound with `values` per request. */
export interface ManagedUsersFilters {
  /** Which filters are present (not their values), e.g. `customers:SUB_ADMIN:0:10` (status given). */
  key: string;
  /** The filters (without the search) with a placeholder for every value; built once per key. */
  where: () => SQL | undefined;
  /** The placeholders' values (only those `where` uses). */
  values: Record<string, unknown>;
  /** The search box's text (trimmed): e-mail, full name or last name starting with it. */
  search: string | undefined;
}

/** One page of accounts under the filters (tenancy and filters, all in SQL), newest first. */
export async function listManagedUsers(
  db: Db,
  page: PageQuery,
  filters: ManagedUsersFilters,
  options: ListOptions = {},
): Promise<ApiPage<ManagedUserItem>> {
  const search = filters.search || undefined;
  const list = preparedList<ManagedUserJoinRow>(db, `${filters.key}:${search ? 'search' : 'all'}`, () => {
    const where = filters.where();
    return {
      // The page's ids from the sort index (users_*_created_at ... id), then only those rows with their joins.
      from: users,
      where: and(where, search ? userSearchPrepared() : undefined),
      key: users.id,
      // A search leaves few accounts: each of its three indexes is read as a range (db/prefix-search.ts).
      ...(search
        ? { search: { filters: where, branches: searchedExpressions.map((expression) => prefixRange(expression)) } }
        : {}),
      order: descending(users.createdAt, users.id),
      load: (keys) =>
        db
          .select({
            // Only what a row shows: not the password hash, the business or authorized-individual documents.
            user: {
              id: users.id,
              email: users.email,
              fullName: users.fullName,
              phone: sql<string | null>`${users.personal}->>'phone'`,
              roleCode: users.roleCode,
              accountType: users.accountType,
              status: users.status,
              isSuperSubAdmin: users.isSuperSubAdmin,
              createdAt: users.createdAt,
            },
            parent: refColumns(parents),
            referredBy: refColumns(referrers),
            shipmentStatus: profiles.shipmentStatus,
            mailboxStatus: profiles.mailboxStatus,
            invited: invitedSql,
          })
          .from(users)
          .leftJoin(parents, eq(parents.id, users.parentUserId))
          .leftJoin(referrers, eq(referrers.id, users.referredByUserId))
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, keys)),
    };
  });
  const values = search ? { ...filters.values, ...prefixSearchValues(search) } : filters.values;
  const result = await pagedPrepared(list, values, page, (row): ManagedUserItem => ({
    id: row.user.id,
    email: row.user.email,
    fullName: row.user.fullName,
    phone: row.user.phone || null,
    role: row.user.roleCode,
    accountType: row.user.accountType ?? null,
    status: row.user.status,
    isSuperSubAdmin: row.user.isSuperSubAdmin,
    invited: Boolean(row.invited),
    parentUser: toRef(row.parent),
    referredBy: toRef(row.referredBy),
    profiles:
      row.shipmentStatus && row.mailboxStatus ? { shipment: row.shipmentStatus, mailbox: row.mailboxStatus } : null,
    createdAt: row.user.createdAt.toISOString(),
  }));
  if (!options.withCounts) return result;
  const counts = await accountCounts.get(
    db,
    result.items.map((item) => item.id),
  );
  return {
    ...result,
    items: result.items.map((item) => ({ ...item, ...(counts.get(item.id) ?? { customerCount: 0, storeCount: 0 }) })),
  };
}

interface AccountCounts {
  customerCount: number;
  storeCount: number;
}

const accountCountStatements = new WeakMap<Db, ReturnType<typeof buildAccountCounts>>();

const countedUsers = alias(users, 'counted_users');
/** Written out: Drizzle writes a lone table's columns unqualified, which inside the subqueries name their own. */
const countedId = sql.raw('"counted_users"."id"');

function buildAccountCounts(db: Db) {
  return db
    .select({
      id: countedUsers.id,
      customerCount:
        sql<number>`(select count(*) from ${users} as child_users where child_users.parent_user_id = ${countedId} and child_users.role_code = 'USER')`.mapWith(
          Number,
        ),
      storeCount:
        sql<number>`(select count(*) from ${stores} as owned_stores where owned_stores.owner_user_id = ${countedId})`.mapWith(
          Number,
        ),
    })
    .from(countedUsers)
    .where(sql`${countedUsers.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('managed_users_account_counts');
}

/**
 * Each listed sub-admin's customers and stores, counted by index and kept like the lists' large totals
 * (db/row-figures.ts): a reseller with a thousand customers and a thousand stores costs two thousand index entries
 * per row, ten times per page, which no page should pay on every call.
 */
const accountCounts = rowFigures<AccountCounts>(
  async (db, ids) => {
    let statement = accountCountStatements.get(db);
    if (!statement) accountCountStatements.set(db, (statement = buildAccountCounts(db)));
    const rows = await statement.execute({ ids });
    return new Map(rows.map((row) => [row.id, { customerCount: row.customerCount, storeCount: row.storeCount }]));
  },
  { customerCount: 0, storeCount: 0 },
);

/** Forgets the cached customer and store counts (tests that count right after adding one). */
export function clearAccountCounts(): void {
  accountCounts.forget();
}

interface ManagedUserJoinRow {
  user: Pick<
    UserRow,
    'id' | 'email' | 'fullName' | 'roleCode' | 'accountType' | 'status' | 'isSuperSubAdmin' | 'createdAt'
  > & {
    phone: string | null;
  };
  parent: NullableRef | null;
  referredBy: NullableRef | null;
  shipmentStatus: typeof profiles.$inferSelect.shipmentStatus | null;
  mailboxStatus: typeof profiles.$inferSelect.mailboxStatus | null;
  invited: boolean;
}

/** The mailing address of a mailbox: the store's street with the PMB designation. */
export function mailboxAddress(store: typeof stores.$inferSelect, pmb: string): string {
  const street = [store.address1, store.address2, pmb].filter(Boolean).join(', ');
  return `${street}, ${store.city}, ${store.state} ${store.zip}`;
}

export async function loadMailboxSummary(db: Db, userId: string): Promise<MailboxSummary | null> {
  const [row] = await db
    .select({ mailbox: mailboxes, store: stores })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .where(eq(mailboxes.userId, userId))
    .limit(1);
  if (!row) return null;
  const pmb = formatPmb(row.store.pmbPrefix, row.mailbox.pmbNumber);
  return {
    id: row.mailbox.id,
    storeId: row.store.id,
    storeName: row.store.name,
    pmb,
    status: row.mailbox.status,
    openedAt: row.mailbox.openedAt.toISOString(),
    address: mailboxAddress(row.store, pmb),
  };
}

export async function isInvited(db: Db, user: UserRow): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  return (await db.$count(invitations, eq(invitations.userId, user.id))) > 0;
}

/** Everything the detail page of a customer, sub-admin or referred client shows about the account itself. */
export async function loadManagedDetail(db: Db, target: UserRow): Promise<ManagedUserDetail> {
  const user = await loadUserDto(db, target.id);
  if (!user) throw notFound();
  const [related] = await db
    .select({
      parent: refColumns(parents),
      referredBy: refColumns(referrers),
      profile: {
        currentProfile: profiles.currentProfile,
        shipment: profiles.shipmentStatus,
        mailbox: profiles.mailboxStatus,
      },
    })
    .from(users)
    .leftJoin(parents, eq(parents.id, users.parentUserId))
    .leftJoin(referrers, eq(referrers.id, users.referredByUserId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, target.id))
    .limit(1);
  const detail: ManagedUserDetail = {
    user,
    invited: await isInvited(db, target),
    parent: toRef(related?.parent),
    referredBy: toRef(related?.referredBy),
    profiles: related?.profile?.shipment
      ? {
          currentProfile: related.profile.currentProfile ?? null,
          shipment: related.profile.shipment,
          mailbox: related.profile.mailbox ?? 'none',
        }
      : null,
    mailbox: await loadMailboxSummary(db, target.id),
  };
  if (target.roleCode === 'SUB_ADMIN') {
    const [customers, referredClients, storeCount] = await Promise.all([
      db.$count(users, and(eq(users.parentUserId, target.id), eq(users.roleCode, 'USER'))),
      db.$count(users, eq(users.referredByUserId, target.id)),
      db.$count(stores, eq(stores.ownerUserId, target.id)),
    ]);
    detail.counts = { customers, referredClients, stores: storeCount };
  }
  return detail;
}
