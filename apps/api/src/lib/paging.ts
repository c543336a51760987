import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The rules every paged list follows at any size (spec 4 and 7: `total` is always answered, pages are numbered):
 * - the page is found with an index-only scan of the list's sort index (the "seek", a subquery), and only its rows
 *   are loaded with their joins, in one statement, so page 5,000 costs about what page 1 does plus the index
 *   entries it skips;
 * - the total is exact up to EXACT_COUNT_LIMIT (counted with a capped index scan); above it, the exact count is
 *   cached per filter for COUNT_CACHE_TTL_MS and refreshed in the background, so no page scans a million rows.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX_ENTRIES = 1_000;

/** A query selecting the list's rows under its filters (no order, no limit): what the total counts. */
export interface CountableQuery extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] };
}

export interface Seek<TRow> {
  /**
   * The page's keys as a subquery (built, not run): select only the key, ordered by the sort index, with limit and
   * offset. PostgreSQL finds them with an index-only scan of the sort index.
   */
  keys: (limit: number, offset: number) => SQLWrapper;
  /** The rows whose key is in `keys` (`inArray(key, keys)`), with their joins, in the list's order. */
  load: (keys: SQLWrapper) => Promise<TRow[]>;
}

export type PagedQuery<TRow, TItem> = {
  page: PageQuery;
  /** The total under the same filters: a countable query (capped and cached) or, for small tables, a function. */
  count: CountableQuery | (() => Promise<number>);
  map: (row: TRow) => TItem;
  /** A database handle for counting a CountableQuery. */
  db?: Db;
} & (
  | { seek: Seek<TRow>; rows?: never }
  /** The page's rows with limit and offset in SQL (a stable order backed by an index); fine for small lists. */
  | { rows: (limit: number, offset: number) => Promise<TRow[]>; seek?: never }
);

/** Pages a list in SQL and answers the spec 7 paged envelope. */
export async function paged<TRow, TItem = TRow>(query: PagedQuery<TRow, TItem>): Promise<ApiPage<TItem>> {
  const { pageNo, pageSize } = query.page;
  const offset = (pageNo - 1) * pageSize;
  const rows = query.seek ? query.seek.load(query.seek.keys(pageSize, offset)) : query.rows(pageSize, offset);
  const total =
    typeof query.count === 'function' ? query.count() : countRows(requireDb(query.db), query.count as CountableQuery);
  const [items, n] = await Promise.all([rows, total]);
  return { isSuccess: true, items: items.map(query.map), pageNo, pageSize, total: Number(n) };
}

function requireDb(db: Db | undefined): Db {
  if (!db) throw new Error('paged: a countable query needs `db`');
  return db;
}

interface CachedCount {
  value: number;
  at: number;
  refreshing?: Promise<number>;
}

const countCache = new Map<string, CachedCount>();

/** Forgets cached totals (tests; a process that must answer exact totals right after a bulk change). */
export function clearCountCache(): void {
  countCache.clear();
}

async function exactCount(db: Db, query: CountableQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(${query}) as counted`);
  return Number(row?.n ?? 0);
}

/**
 * The total of a list: exact by a capped count while it is at most EXACT_COUNT_LIMIT, otherwise an exact count
 * cached per query text and parameters (stale-while-refresh: one background recount per TTL, never on the page's path
 * except the very first time a filter is counted). A filter known to be above the limit is not capped-counted again
 * while its cached total stands: that count reads EXACT_COUNT_LIMIT + 1 index entries, more than the page itself.
 */
export async function countRows(db: Db, query: CountableQuery, now: () => number = Date.now): Promise<number> {
  const { sql: text, params } = query.toSQL();
  return cachedCount(
    `${text}\u0000${JSON.stringify(params)}`,
    // Wrapped rather than `query.limit()`: Drizzle builders change in place, and the same query is counted exactly below.
    async () => {
      const [capped] = await db.select({ n: cappedCountSql(query) }).from(sql`(select 1) as one`);
      return Number(capped?.n ?? 0);
    },
    () => exactCount(db, query),
    now,
  );
}

/** The rows of `counted`, counted up to EXACT_COUNT_LIMIT + 1 (a scalar subquery). */
function cappedCountSql(counted: SQLWrapper) {
  return sql<number>`(select count(*)::int from (select 1 from (${counted}) as counted limit ${EXACT_COUNT_LIMIT + 1}) as capped)`;
}

/**
 * The counting rules of countRows for any pair of counts: `capped` answers at most EXACT_COUNT_LIMIT + 1, `exact`
 * the whole total; `key` names the filter (its query text and parameters).
 */
export async function cachedCount(
  key: string,
  capped: () => Promise<number>,
  exact: () => Promise<number>,
  now: () => number = Date.now,
): Promise<number> {
  const cached = countCache.get(key);
  if (cached && cached.value > EXACT_COUNT_LIMIT) {
    refreshWhenStale(exact, key, cached, now);
    return cached.value;
  }
  const n = await capped();
  if (n <= EXACT_COUNT_LIMIT) {
    if (cached) countCache.delete(key);
    return n;
  }
  const value = await exact();
  if (countCache.size >= COUNT_CACHE_MAX_ENTRIES) {
    const oldest = countCache.keys().next().value;
    if (oldest !== undefined) countCache.delete(oldest);
  }
  countCache.set(key, { value, at: now() });
  return value;
}

function refreshWhenStale(exact: () => Promise<number>, key: string, cached: CachedCount, now: () => number): void {
  if (now() - cached.at <= COUNT_CACHE_TTL_MS || cached.refreshing) return;
  cached.refreshing = exact()
    .then((value) => {
      countCache.set(key, { value, at: now() });
      return value;
    })
    .catch(() => {
      cached.refreshing = undefined; // try again on a later page
      return cached.value;
    });
}

/** A statement prepared with placeholders (Drizzle's `.prepare()`): a request only binds its values. */
interface Executable<T> {
  execute: (values?: Record<string, unknown>) => Promise<T>;
}

/** The statements of one list for one shape of filters. */
export interface PreparedList<TRow> {
  key: string;
  /** The page's keys in the list's order (`limit` and `offset` placeholders). */
  keys: Executable<{ key: unknown }[]>;
  /** The same keys, each row also carrying the capped count (the total while it is at most EXACT_COUNT_LIMIT). */
  keysCounted: Executable<{ key: unknown; capped: number }[]>;
  /** Those rows with their joins (`keys` placeholder: an array of the keys). */
  load: Executable<TRow[]>;
  capped: Executable<{ n: number }[]>;
  exact: Executable<{ n: number }[]>;
}

const preparedLists = new WeakMap<Db, Map<string, PreparedList<unknown>>>();

/**
 * Prepares a list's statements once per database handle and shape of filters (`key`: which filters are present,
 * not their values; values are placeholders): the page's `keys` (one field named `key`, seeked by the sort index,
 * `limit` and `offset` placeholders), the `load` of those rows with their joins, and the capped and exact counts of
 * `counted`. Building SQL text with Drizzle on every request cost about a third of the API's CPU per list call
 * (docs/ARCHITECTURE.md, "Lists at a million rows").
 *
 * Why the keys and the load are two statements: PostgreSQL cannot estimate a LIMIT or OFFSET that is a parameter
 * (it assumes 10 % of the rows), so a statement with both never gets a usable generic plan and is planned again
 * on every execution; for a page joined to four tables that planning cost more than the whole ceiling request
 * (about 0.6 ms of database CPU). Split, the keys statement is one table (cheap to plan each time) and the load
 * (`key in unnest($keys)`) runs on a generic plan cached by the server after five executions. The capped count
 * rides along with the keys (`keysCounted`) while the total is small, so a page costs three round trips with the
 * session lookup, as few as the ceiling's.
 */
export function preparedList<TRow>(
  db: Db,
  key: string,
  build: () => {
    keys: SQLWrapper & { prepare: (name: string) => unknown };
    /** The loading query for keys given as SQL (`inArray(keyColumn, keys)`). */
    load: (keys: SQLWrapper) => { prepare: (name: string) => unknown };
    counted: SQLWrapper;
    /** The key column's type (default uuid): the keys are bound as an array of it. */
    keyType?: 'uuid' | 'text';
  },
): PreparedList<TRow> {
  let byKey = preparedLists.get(db);
  if (!byKey) preparedLists.set(db, (byKey = new Map()));
  const found = byKey.get(key);
  if (found) return found as PreparedList<TRow>;
  const { keys, load, counted, keyType = 'uuid' } = build();
  const name = key.replace(/[^\w]/g, '_');
  const cappedCount = cappedCountSql(counted);
  const list: PreparedList<TRow> = {
    key,
    keys: keys.prepare(`${name}_keys`) as Executable<{ key: unknown }[]>,
    keysCounted: db
      // `page_keys.*` is the one key column (Drizzle writes a column under its own name, not the field's).
      .select({ key: sql`page_keys.*`, capped: cappedCount })
      .from(sql`(${keys}) as page_keys`)
      .prepare(`${name}_keys_counted`) as Executable<{ key: unknown; capped: number }[]>,
    load: load(sql`(select unnest(${sql.placeholder('keys')}::${sql.raw(keyType)}[]))`).prepare(
      `${name}_load`,
    ) as Executable<TRow[]>,
    capped: db
      .select({ n: cappedCount })
      .from(sql`(select 1) as one`)
      .prepare(`${name}_capped`) as Executable<{ n: number }[]>,
    exact: db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(${counted}) as counted`)
      .prepare(`${name}_count`) as Executable<{ n: number }[]>,
  };
  byKey.set(key, list as PreparedList<unknown>);
  return list;
}

/**
 * One page of a prepared list with its total (the counting rules of countRows), in the spec 7 envelope: the keys
 * (with the capped count unless a large total is cached), then those rows. An empty page counts on its own.
 */
export async function pagedPrepared<TRow, TItem>(
  list: PreparedList<TRow>,
  values: Record<string, unknown>,
  page: PageQuery,
  map: (row: TRow) => TItem,
): Promise<ApiPage<TItem>> {
  const { pageNo, pageSize } = page;
  const pageValues = { ...values, limit: pageSize, offset: (pageNo - 1) * pageSize };
  let keys: { key: unknown }[] | undefined;
  const total = await cachedCount(
    `${list.key}\u0000${JSON.stringify(values)}`,
    async () => {
      const counted = await list.keysCounted.execute(pageValues);
      keys = counted;
      const first = counted[0];
      return first ? Number(first.capped) : Number((await list.capped.execute(values))[0]?.n ?? 0);
    },
    async () => Number((await list.exact.execute(values))[0]?.n ?? 0),
  );
  // A large total came from the cache: the keys were not read yet.
  keys ??= await list.keys.execute(pageValues);
  const rows = keys.length > 0 ? await list.load.execute({ ...values, keys: keys.map((row) => row.key) }) : [];
  return { isSuccess: true, items: rows.map(map), pageNo, pageSize, total };
}
