import { createHash } from 'node:crypto';
import type { ApiPage } from '@postwise/shared/api-types';
import { EXACT_TOTAL_LIMIT, type PageQuery } from '@postwise/shared/schemas/paging';
import * as drizzle from 'drizzle-orm';
import { Placeholder, type SQL, type SQLWrapper, and, asc, desc, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  PgDialect,
  type PgTable,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import { type Db, genericPlans } from './client';
import type { PrefixBranch } from './prefix-search';

/**
 * The rules every paged list follows at any size (spec 4 and 7: `total` is always answered, pages are numbered):
 * - the page is found with an index-only scan of the list's sort index (the "seek", a subquery), and only its rows
 *   are loaded with their joins, in one statement, so page 5,000 costs about what page 1 does plus the index
 *   entries it skips;
 * - the total is exact up to EXACT_COUNT_LIMIT (counted with a capped index scan); above it, the exact count is
 *   cached per filter for COUNT_CACHE_TTL_MS and refreshed in the background, so no page scans a million rows;
 * - one count per total however many requests ask at once: concurrent requests for the same filter share the
 *   count in flight, and while a large total is counted for the first time they are answered at once with the
 *   planner's estimate (at least EXACT_COUNT_LIMIT + 1), marked `totalIsEstimate: true`.
 */
export const EXACT_COUNT_LIMIT = EXACT_TOTAL_LIMIT;
export const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX_ENTRIES = 1_000;

/** A list's total as answered: exact, or (a large total still being counted) the best estimate at hand. */
export interface ListTotal {
  total: number;
  isEstimate: boolean;
}

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
  const total: Promise<ListTotal> =
    typeof query.count === 'function'
      ? query.count().then((n) => ({ total: Number(n), isEstimate: false }))
      : countRows(requireDb(query.db), query.count as CountableQuery);
  const [items, counted] = await Promise.all([rows, total]);
  return pageEnvelope(items.map(query.map), pageNo, pageSize, counted);
}

/** The spec 7 paged envelope; `totalIsEstimate` only when the total is one (an exact total answers as before). */
function pageEnvelope<TItem>(items: TItem[], pageNo: number, pageSize: number, counted: ListTotal): ApiPage<TItem> {
  return counted.isEstimate
    ? { isSuccess: true, items, pageNo, pageSize, total: counted.total, totalIsEstimate: true }
    : { isSuccess: true, items, pageNo, pageSize, total: counted.total };
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

/** Exact totals of filters found above EXACT_COUNT_LIMIT, per filter (query text or list shape, and values). */
const countCache = new Map<string, CachedCount>();
/**
 * Counts running now, per filter: the capped counts of a small list (each request waits for the one in flight
 * rather than starting its own), and the first exact count of a large one with the answer given while it runs.
 */
const cappedInFlight = new Map<string, Promise<number>>();
const firstCounts = new Map<string, { answer: Promise<ListTotal>; counted: Promise<ListTotal> }>();

/** Forgets cached totals (tests; a process that must answer exact totals right after a bulk change). */
export function clearCountCache(): void {
  countCache.clear();
}

/** Waits until no exact count runs (first counts and background recounts): for tests. */
export async function countsSettled(): Promise<void> {
  for (;;) {
    const running = [
      ...[...firstCounts.values()].map((first) => first.counted),
      ...[...countCache.values()].flatMap((cached) => (cached.refreshing ? [cached.refreshing] : [])),
    ];
    if (running.length === 0) return;
    await Promise.allSettled(running);
  }
}

async function exactCount(db: Db, query: CountableQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(${query}) as counted`);
  return Number(row?.n ?? 0);
}

/** The rows PostgreSQL's planner expects `EXPLAIN (FORMAT JSON)` of a query to return (its top plan node). */
export function plannedRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : 0;
}

/**
 * The total of a list: exact by a capped count while it is at most EXACT_COUNT_LIMIT, otherwise an exact count
 * cached per query text and parameters (stale-while-refresh: one background recount per TTL, never on the page's path).
 * A filter known to be above the limit is not capped-counted again while its cached total stands: that count reads
 * EXACT_COUNT_LIMIT + 1 index entries, more than the page itself. The first exact count of a large filter runs once,
 * and until it lands pages answer the planner's estimate (`isEstimate`).
 */
export async function countRows(db: Db, query: CountableQuery, now: () => number = Date.now): Promise<ListTotal> {
  const { sql: text, params } = query.toSQL();
  return cachedCount(
    `${text}\u0000${JSON.stringify(params)}`,
    // Wrapped rather than `query.limit()`: Drizzle builders change in place, and the same query is counted exactly below.
    async () => {
      const [capped] = await db.select({ n: cappedCountSql(query) }).from(sql`(select 1) as one`);
      return Number(capped?.n ?? 0);
    },
    () => exactCount(db, query),
    {
      now,
      estimate: async () => {
        const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
          rows: Record<string, unknown>[];
        };
        const row = result.rows[0];
        return plannedRows(row ? Object.values(row)[0] : undefined);
      },
    },
  );
}

/** The rows of `counted`, counted up to EXACT_COUNT_LIMIT + 1 (a scalar subquery). */
function cappedCountSql(counted: SQLWrapper) {
  return sql<number>`(select count(*)::int from (select 1 from (${counted}) as counted limit ${EXACT_COUNT_LIMIT + 1}) as capped)`;
}

export interface CountOptions {
  now?: () => number;
  /**
   * The planner's estimate of the total (EXPLAIN), answered while a large total is counted for the first time;
   * never below EXACT_COUNT_LIMIT + 1, which is also the answer without it or when it fails.
   */
  estimate?: () => Promise<number>;
  /**
   * Whether a request may take the count of a concurrent request for the same filter instead of running its
   * `capped` (default true). A narrow list's `capped` also finds its page, which a request cannot find as cheaply
   * on its own, so it runs its own.
   */
  shareCapped?: boolean;
}

/**
 * The counting rules of countRows for any pair of counts: `capped` answers at most EXACT_COUNT_LIMIT + 1, `exact`
 * the whole total; `key` names the filter (its query text and parameters).
 *
 * One computation per total however many requests ask at once: a request arriving while the same filter's capped
 * count runs waits for that count (started a moment before it arrived: as exact as its own would be) and does not
 * call its `capped`; a large total is counted exactly once, and while that first count runs every request for the
 * filter is answered at once with the best figure available (the estimate), unless the exact count lands first.
 */
export async function cachedCount(
  key: string,
  capped: () => Promise<number>,
  exact: () => Promise<number>,
  options: CountOptions = {},
): Promise<ListTotal> {
  const { now = Date.now, estimate, shareCapped = true } = options;
  const cached = countCache.get(key);
  if (cached && cached.value > EXACT_COUNT_LIMIT) {
    refreshWhenStale(exact, key, cached, now);
    return { total: cached.value, isEstimate: false };
  }
  const first = firstCounts.get(key);
  if (first) return first.answer;
  let n: number;
  const shared = shareCapped ? cappedInFlight.get(key) : undefined;
  if (shared) {
    n = await shared;
  } else {
    const counting = capped();
    if (shareCapped) {
      cappedInFlight.set(key, counting);
      // Removed when it settles; a failure reaches its own request through `counting`.
      counting.then(
        () => cappedInFlight.delete(key),
        () => cappedInFlight.delete(key),
      );
    }
    n = await counting;
  }
  if (n <= EXACT_COUNT_LIMIT) {
    if (cached) countCache.delete(key);
    return { total: n, isEstimate: false };
  }
  // Counted while this request waited for its capped count: the exact total, or the first count's answer. A
  // capped count that only says "more" (a search branch through another table at its cap) can precede an exact
  // total within the limit: that total stands while fresh, as a large one does.
  const landed = countCache.get(key);
  if (landed && (landed.value > EXACT_COUNT_LIMIT || now() - landed.at <= COUNT_CACHE_TTL_MS)) {
    return { total: landed.value, isEstimate: false };
  }
  return firstCounts.get(key)?.answer ?? firstExactCount(key, exact, estimate, now);
}

/**
 * Starts the one exact count of a large filter and answers what every request gets while it runs: the exact total
 * when it comes back before the estimate, otherwise the estimate (at least EXACT_COUNT_LIMIT + 1). The exact count
 * is issued first: on a single-connection database (PGlite) the statements run in the order they were issued, so
 * there the total is always exact; on PostgreSQL the EXPLAIN answers in a millisecond while the count reads the
 * table.
 */
function firstExactCount(
  key: string,
  exact: () => Promise<number>,
  estimate: (() => Promise<number>) | undefined,
  now: () => number,
): Promise<ListTotal> {
  const counting = exact();
  const estimated = (estimate ? estimate().catch(() => 0) : Promise.resolve(0)).then((rows): ListTotal => ({
    total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(rows)),
    isEstimate: true,
  }));
  const counted = counting.then(
    (value): ListTotal => {
      remember(key, value, now);
      return { total: value, isEstimate: false };
    },
    // A failed count answers the estimate; the next request after it counts again.
    () => estimated,
  );
  const answer = Promise.race([counted, estimated]);
  firstCounts.set(key, { answer, counted });
  void counted.finally(() => firstCounts.delete(key));
  return answer;
}

function remember(key: string, value: number, now: () => number): void {
  countCache.delete(key);
  if (countCache.size >= COUNT_CACHE_MAX_ENTRIES) {
    const oldest = countCache.keys().next().value;
    if (oldest !== undefined) countCache.delete(oldest);
  }
  countCache.set(key, { value, at: now() });
}

function refreshWhenStale(exact: () => Promise<number>, key: string, cached: CachedCount, now: () => number): void {
  if (now() - cached.at <= COUNT_CACHE_TTL_MS || cached.refreshing) return;
  cached.refreshing = exact()
    .then((value) => {
      remember(key, value, now);
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

interface Preparable {
  prepare: (name: string) => unknown;
}

/** How a list is sorted: columns (or expressions) with their direction, ending in a unique column. */
export type ListOrder = readonly (readonly [AnyPgColumn | SQL, 'asc' | 'desc'])[];

/** Every column ascending (e.g. `ascending(faqs.sortOrder, faqs.createdAt, faqs.id)`). */
export function ascending(...columns: (AnyPgColumn | SQL)[]): ListOrder {
  return columns.map((column) => [column, 'asc'] as const);
}

/** Every column descending: newest first is `descending(t.createdAt, t.id)`. */
export function descending(...columns: (AnyPgColumn | SQL)[]): ListOrder {
  return columns.map((column) => [column, 'desc'] as const);
}

/** What a prepared list is made of: one table under a filter, in an order, and the loading of a page's rows. */
export interface ListDefinition {
  /** The table whose rows are the list's items: its `key` column names a page's rows. */
  from: PgTable;
  /** Its filters, with placeholders for their values. */
  where: SQL | undefined;
  /** The unique column that names a row. */
  key: AnyPgColumn;
  /** The key column's type (default uuid): the keys are bound as an array of it. */
  keyType?: 'uuid' | 'text';
  /**
   * The list's order, ending in a unique column, backed by an index that leads on it after the equality filters.
   * When every column runs the same way, deep pages start from cached anchors (see `pagedPrepared`).
   */
  order: ListOrder;
  /**
   * The filters leave few rows (a search): the matching rows are found once, then counted and paged in the same
   * statement; when they are more than EXACT_COUNT_LIMIT, the page is read from the sort index as usual.
   */
  narrow?: boolean;
  /**
   * A prefix search planned once, not on every call (db/prefix-search.ts): the list's filters without the search,
   * and each way a row matches as a `prefixRange` of one index (`lo` / `hi` placeholders). When the values bind
   * `lo` and `hi`, the matches are read on the generic-plan connections (db/client.ts), each branch capped at
   * EXACT_COUNT_LIMIT + 1 index entries, so a one-letter search costs no more than ten thousand of them; past
   * the limit the page is read with `where` (its LIKE pattern planned for the value) from the sort index. Implies
   * `narrow`.
   */
  search?: { filters: SQL | undefined; branches: PrefixBranch[] };
  /** The rows whose key is in `keys` (`inArray(key, keys)`), with their joins; the list's order is added to it. */
  load: (keys: SQLWrapper) => { orderBy: (...columns: SQL[]) => Preparable };
}

/** The statements of one list for one shape of filters. */
export interface PreparedList<TRow> {
  key: string;
  /** The page's keys in the list's order (`limit` and `offset` placeholders). */
  keys: Executable<{ key: unknown }[]>;
  /**
   * The same keys, each row also carrying the capped count (the total while it is at most EXACT_COUNT_LIMIT). For
   * a `narrow` list the keys are right only while the count is within the limit, and there is always a row (a
   * null key on a page without matches).
   */
  keysCounted: Executable<{ key: unknown; capped: number }[]>;
  /** A `search` list's keysCounted from its index ranges (bound `lo` and `hi`), on the generic-plan connections. */
  searchKeysCounted?: Executable<{ key: unknown; capped: number }[]>;
  /**
   * searchKeysCounted and the load of its page in one statement: the page's rows, each carrying the capped count
   * (SEARCH_CAPPED). No row when the page is empty, which then asks searchKeysCounted for the count.
   */
  searchLoaded?: Executable<(TRow & { [SEARCH_CAPPED]: number })[]>;
  narrow: boolean;
  /** Those rows with their joins (`keys` placeholder: an array of the keys). */
  load: Executable<TRow[]>;
  capped: Executable<{ n: number }[]>;
  exact: Executable<{ n: number }[]>;
  /** The planner's estimate of the exact count (EXPLAIN), what a large total answers while it is first counted. */
  estimate: Executable<number>;
  /** Where the order runs one way: the statements that page from an anchor (a row's sort values, `a0`…). */
  anchored?: {
    columns: number;
    /** The sort values (as text) of the row at `offset`. */
    anchorAt: Executable<Record<string, string>[]>;
    /** The sort values of the row `offset` rows on from the anchor (the anchor's own row is offset 0). */
    anchorFrom: Executable<Record<string, string>[]>;
    /** The page's keys `offset` rows on from the anchor. */
    keysFrom: Executable<{ key: unknown }[]>;
  };
}

const preparedLists = new WeakMap<Db, Map<string, PreparedList<unknown>>>();

/**
 * Which filters a list request uses, never their values: presence flags and the choices that change a statement's
 * text (`{ visible: 'own', status: true, search: false }`). Values travel as placeholders.
 */
export type ListShape = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The statement key of a list under a shape: the list's name and every entry of the shape, in a fixed order. */
export function listKey(name: string, shape: ListShape): string {
  const entries = Object.keys(shape)
    .sort()
    .map((field) => `${field}=${String(shape[field] ?? '')}`);
  return `${name}(${entries.join(',')})`;
}

/**
 * The prepared statements' name stem for a list key. PostgreSQL keeps at most 63 bytes of a statement name and cuts
 * the rest, so two long keys that share their first 63 characters would name one statement: a long key keeps a
 * readable start and ends in a hash of the whole key (the longest suffix added to the stem is 15 characters).
 */
export function statementName(key: string): string {
  const readable = key.replace(/[^\w]/g, '_');
  if (readable.length <= 44) return readable;
  return `${readable.slice(0, 31)}_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

const uncheckedDatabases = new WeakSet<Db>();
/**
 * Outside production (app.ts), every call of a prepared list also builds its definition again and checks that it is
 * the statement the cached one was prepared from: a filter `build` reads from anywhere but its shape would otherwise
 * silently reuse a statement made for another set of filters, tenancy predicate included. Set per database handle,
 * so a production app and a checked one in the same process (tests) never switch each other's check.
 */
export function checkListShapes(db: Db, enabled: boolean): void {
  if (enabled) uncheckedDatabases.delete(db);
  else uncheckedDatabases.add(db);
}

/** What a definition's statements depend on besides the table and order: its filters as text, placeholders named. */
function filtersText(definition: ListDefinition): string {
  const text = (filter: SQL | undefined) => {
    if (!filter) return '';
    const query = dialect.sqlToQuery(filter);
    const params = query.params.map((param) => (param instanceof Placeholder ? { placeholder: param.name } : param));
    return `${query.sql} ${JSON.stringify(params)}`;
  };
  return [text(definition.where), text(definition.search?.filters), Boolean(definition.narrow)].join('|');
}
const preparedFilters = new WeakMap<PreparedList<unknown>, string>();

/**
 * Prepares a list's statements once per database handle and shape of filters (`shape`: which filters are present,
 * not their values; values are placeholders; the key is derived from it by `listKey`, and `build` reads the
 * shape it is given, nothing else): the page's keys (the `key` column, seeked by the sort index, `limit`
 * and `offset` placeholders), the `load` of those rows with their joins, the capped and exact counts, and, where
 * the order runs one way, the keyset statements deep pages start from. Building SQL text with Drizzle on every
 * request cost about a third of the API's CPU per list call (docs/decisions/010-lists-at-a-million-rows.md).
 *
 * Why the keys and the load are two statements: PostgreSQL cannot estimate a LIMIT or OFFSET that is a parameter
 * (it assumes 10 % of the rows), so a statement with both never gets a usable generic plan and is planned again
 * on every execution; for a page joined to four tables that planning cost more than the whole ceiling request
 * (about 0.6 ms of database CPU). Split, the keys statement is one table (cheap to plan each time) and the load
 * (`key in unnest($keys)`) runs on a generic plan cached by the server after five executions. The capped count
 * rides along with the keys (`keysCounted`) while the total is small, so a page costs three round trips with the
 * session lookup; a search by index ranges loads its page in the same statement as its matches (`searchLoaded`): two.
 */
export function preparedList<TRow, S extends ListShape = ListShape>(
  db: Db,
  listName: string,
  shape: S,
  build: (shape: S) => ListDefinition,
): PreparedList<TRow> {
  const key = listKey(listName, shape);
  let byKey = preparedLists.get(db);
  if (!byKey) preparedLists.set(db, (byKey = new Map()));
  const found = byKey.get(key);
  if (found) {
    if (!uncheckedDatabases.has(db) && preparedFilters.get(found) !== filtersText(build(shape))) {
      throw new Error(`The list ${key} built other filters than its prepared statements: its shape misses a filter`);
    }
    return found as PreparedList<TRow>;
  }
  const definition = build(shape);
  const { from, where, order, keyType = 'uuid' } = definition;
  const name = statementName(key);
  const p = sql.placeholder;
  const orderBy = order.map(([column, direction]) => (direction === 'desc' ? desc(column) : asc(column)));
  // The statements that find a page (keys, capped counts, anchors) are planned once, on the generic-plan handle:
  // their LIMIT and OFFSET are placeholders, whose plan PostgreSQL otherwise makes again on every call (its generic
  // plan assumes a tenth of the table and always looks dearer than one made for `limit 10`), about a third of the
  // database's work per page. Not a list with a LIKE pattern: only a plan made for the pattern reads its index.
  const pattern = definition.narrow || definition.search;
  const seekDb = pattern ? db : genericPlans(db);
  // Drizzle's select builder, typed loosely here: every list is one table, so the fields are plain columns or SQL.
  const select = (fields: Record<string, AnyPgColumn | SQL>, bound?: SQL) =>
    (seekDb.select(fields).from(from) as unknown as { where: (w: SQL | undefined) => OrderedSelect })
      .where(and(where, bound))
      .orderBy(...orderBy);
  const keys = () => select({ key: definition.key });
  const counted = (
    seekDb.select({ one: sql`1` }).from(from) as unknown as { where: (w: SQL | undefined) => SQLWrapper }
  ).where(where);
  const cappedCount = cappedCountSql(counted);
  const paging = <T extends { limit: (n: unknown) => { offset: (n: unknown) => Preparable & SQLWrapper } }>(q: T) =>
    q.limit(p('limit')).offset(p('offset'));
  const keysQuery = paging(keys());
  const list: PreparedList<TRow> = {
    key,
    keys: keysQuery.prepare(`${name}_keys`) as PreparedList<TRow>['keys'],
    keysCounted: (pattern
      ? narrowKeysCounted(db, definition)
      : seekDb
          // `page_keys.*` is the one key column (Drizzle writes a column under its own name, not the field's).
          .select({ key: sql`page_keys.*`, capped: cappedCount })
          .from(sql`(${keysQuery}) as page_keys`)
    ).prepare(`${name}_keys_counted`) as PreparedList<TRow>['keysCounted'],
    ...(definition.search ? searchStatements<TRow>(db, definition, definition.search, orderBy, name) : {}),
    narrow: Boolean(pattern),
    load: definition
      .load(sql`(select unnest(${p('keys')}::${sql.raw(keyType)}[]))`)
      .orderBy(...orderBy)
      .prepare(`${name}_load`) as PreparedList<TRow>['load'],
    capped: seekDb
      .select({ n: cappedCount })
      .from(sql`(select 1) as one`)
      .prepare(`${name}_capped`) as PreparedList<TRow>['capped'],
    exact: db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(${counted}) as counted`)
      .prepare(`${name}_count`) as PreparedList<TRow>['exact'],
    estimate: explained(db, counted, `${name}_estimate`),
  };
  const direction = order[0]?.[1];
  if (direction && order.every(([, d]) => d === direction)) {
    // A row comparison in the index's direction: `(a, b) <= ($a0, $a1)` for a descending order is a range of the
    // sort index, so the page starts at the anchor instead of skipping the rows before it.
    const columns = order.map(([column]) => column);
    const values = columns.map((_, i) => p(`a${i}`));
    const bound = sql`(${sql.join(columns, sql`, `)}) ${sql.raw(direction === 'desc' ? '<=' : '>=')} (${sql.join(values, sql`, `)})`;
    const anchorFields = Object.fromEntries(columns.map((column, i) => [`a${i}`, sql<string>`(${column})::text`]));
    list.anchored = {
      columns: columns.length,
      anchorAt: select(anchorFields).limit(1).offset(p('offset')).prepare(`${name}_anchor_at`) as Executable<
        Record<string, string>[]
      >,
      anchorFrom: select(anchorFields, bound).limit(1).offset(p('offset')).prepare(`${name}_anchor_from`) as Executable<
        Record<string, string>[]
      >,
      keysFrom: paging(select({ key: definition.key }, bound)).prepare(`${name}_keys_from`) as Executable<
        { key: unknown }[]
      >,
    };
  }
  byKey.set(key, list as PreparedList<unknown>);
  preparedFilters.set(list as PreparedList<unknown>, filtersText(definition));
  return list;
}

const dialect = new PgDialect();

/** The field of a searchLoaded row that carries the capped count of the search's matches. */
export const SEARCH_CAPPED = '$capped';

/**
 * What Drizzle keeps of a select to map its rows into nested objects: not in its public types, so read here once
 * (drizzle-orm is pinned by the lock file; paging.test.ts compares searchLoaded's rows with the load's own).
 */
interface SelectInternals {
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap?: Record<string, boolean>;
}
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields: (fields: unknown) => SelectedFieldsOrdered })
  .orderSelectedFields;

/**
 * A search list's statements: its keys and capped count from the index ranges, and the same page loaded in one
 * statement (`searchLoaded`). A page of a search then costs one round trip after the session lookup instead of two:
 * the page of matches is a materialized CTE, the load reads its keys from it, and every row carries the count.
 */
function searchStatements<TRow>(
  db: Db,
  definition: ListDefinition,
  search: NonNullable<ListDefinition['search']>,
  orderBy: SQL[],
  name: string,
): Pick<PreparedList<TRow>, 'searchKeysCounted' | 'searchLoaded'> {
  const matchedPage = searchKeysCounted(db, definition, search);
  const load = definition
    .load(sql`(select search_page.k from search_page where search_page.k is not null)`)
    .orderBy(...orderBy) as unknown as SQLWrapper & SelectInternals;
  const fields: SelectedFieldsOrdered = [
    ...orderSelectedFields(load.config.fields),
    { path: [SEARCH_CAPPED], field: sql<number>`search_capped` },
  ];
  const query = dialect.sqlToQuery(
    sql`with search_page (k, capped) as materialized (${matchedPage})
      select loaded.*, (select search_page.capped from search_page limit 1) as search_capped from (${load}) as loaded`,
  );
  const loaded = genericPlans(db)._.session.prepareQuery<
    { execute: (TRow & { [SEARCH_CAPPED]: number })[] } & PreparedQueryConfig
  >(query, fields, `${name}_search_loaded`, true);
  (loaded as unknown as SelectInternals).joinsNotNullableMap = load.joinsNotNullableMap;
  return {
    searchKeysCounted: matchedPage.prepare(`${name}_search_counted`) as PreparedList<TRow>['keysCounted'],
    searchLoaded: loaded,
  };
}

/**
 * `EXPLAIN (FORMAT JSON)` of a query with placeholders, prepared (Drizzle's query builders cannot wrap a query in
 * EXPLAIN): answers the rows the planner expects for the bound values. On the main handle, so the plan is made for
 * those values.
 */
function explained(db: Db, query: SQLWrapper, name: string): Executable<number> {
  return db._.session.prepareQuery<{ execute: number } & PreparedQueryConfig>(
    dialect.sqlToQuery(sql`explain (format json) ${query}`),
    undefined,
    name,
    false,
    (rows) => plannedRows(rows[0]?.[0]),
  );
}

/**
 * A narrow list's keys and capped count from one pass over its matches: the rows matching the filters (at most
 * EXACT_COUNT_LIMIT + 1, with their sort values) are materialized once, counted, and the page is sorted out of them.
 * A search is planned for its pattern on every call (a prefix LIKE needs the pattern to use its index), so writing
 * the filters once instead of twice (keys and count) halves that planning and the index reads.
 */
function narrowKeysCounted(db: Db, { from, where, key, order }: ListDefinition) {
  return pageOfMatched(db, matchedRows(db, { from, key, order }, where), order);
}

/**
 * A `search` list's keys and capped count from its index ranges: each branch's matches under the filters (at
 * most EXACT_COUNT_LIMIT + 1, read from its own index), merged without repeats. When no branch reached its cap
 * the merge is every match; when one did, the merge holds more than EXACT_COUNT_LIMIT rows, which is all the
 * capped count has to tell. A branch `through` another table reads that table's matches first, also capped: when
 * they reach the cap the branch is not whole (the list's rows may hang off later ones), so the count says "more".
 * Prepared on the generic-plan handle: its plan does not depend on the search.
 */
function searchKeysCounted(db: Db, definition: ListDefinition, search: NonNullable<ListDefinition['search']>) {
  const generic = genericPlans(db);
  const cap = EXACT_COUNT_LIMIT + 1;
  const parents: { name: SQL; ids: SQLWrapper }[] = [];
  const branches = search.branches.map(({ where, orderBy, through }) => {
    if (!through) return sql`(${matchedRows(generic, definition, and(search.filters, where), orderBy)})`;
    // The other table's matches in its index order, then each one's rows of the list (a nested loop by `link`).
    const name = sql.raw(`through_ids_${parents.length}`);
    const ids = (
      generic.select({ id: through.id }).from(through.from) as unknown as {
        where: (w: SQL) => { orderBy: (o: SQL) => { limit: (n: number) => SQLWrapper } };
      }
    )
      .where(where)
      .orderBy(orderBy)
      .limit(cap);
    parents.push({ name, ids });
    const rows = matchedRows(generic, definition, and(search.filters, sql`${through.link} = ${name}.id`));
    return sql`(select through_rows.* from ${name} cross join lateral (${rows}) as through_rows limit ${sql.raw(String(cap))})`;
  });
  return pageOfMatched(generic, sql.join(branches, sql` union `), definition.order, parents);
}

/**
 * A list's rows under `where` as (k, s0, s1…): the key and the sort values, at most EXACT_COUNT_LIMIT + 1 (the
 * first in `orderBy` when given).
 */
function matchedRows(
  db: Db,
  { from, key, order }: Pick<ListDefinition, 'from' | 'key' | 'order'>,
  where: SQL | undefined,
  orderBy?: SQL,
) {
  const fields = Object.fromEntries([
    ['k', sql`${key}`.as('k')],
    ...order.map(([column], i) => [`s${i}`, sql`${column}`.as(`s${i}`)]),
  ]);
  const matched = (
    db.select(fields).from(from) as unknown as {
      where: (w: SQL | undefined) => { orderBy: (...o: SQL[]) => { limit: (n: number) => SQLWrapper } };
    }
  ).where(where);
  return (orderBy ? matched.orderBy(orderBy) : matched.orderBy()).limit(EXACT_COUNT_LIMIT + 1);
}

/**
 * The page (limit and offset placeholders) of materialized matches, each key with the matches' count. There is
 * always a row: past the last match (or with none) its key is null, so the count needs no statement of its own.
 */
function pageOfMatched(db: Db, matched: SQLWrapper, order: ListOrder, parents: { name: SQL; ids: SQLWrapper }[] = []) {
  const before = parents.map(({ name, ids }) => sql`${name} as materialized (${ids}), `);
  // Any other table's matches at their cap: more than the limit, whatever the merge holds.
  const overflow = parents.map(
    ({ name }) => sql`(select count(*) from ${name}) > ${sql.raw(String(EXACT_COUNT_LIMIT))}`,
  );
  const count = overflow.length
    ? sql`case when ${sql.join(overflow, sql` or `)} then ${sql.raw(String(EXACT_COUNT_LIMIT + 1))} else (select count(*)::int from matched) end`
    : sql`(select count(*)::int from matched)`;
  const sorted = (table: string) => order.map(([, direction], i) => sql.raw(`${table}.s${i} ${direction}`));
  return db
    .select({ key: sql`page.k`, capped: sql<number>`page.capped` })
    .from(
      sql`(with ${sql.join(before)}matched as materialized (${matched})
        select m.*, counted.capped from (select ${count} as capped) as counted
        left join lateral (
          select matched.* from matched order by ${sql.join(sorted('matched'), sql`, `)}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        ) as m on true) as page`,
    )
    .orderBy(...sorted('page'));
}

interface OrderedSelect {
  orderBy: (...columns: SQL[]) => SQLWrapper & {
    limit: (n: unknown) => Preparable & SQLWrapper & { offset: (n: unknown) => Preparable & SQLWrapper };
  };
}

/**
 * Deep pages start from anchors: the sort values of the rows at every ANCHOR_EVERY-th position of a list under one
 * filter, found once (each from the anchor before it) and kept for ANCHOR_TTL_MS. Page 5,000 then reads the index
 * from its anchor and skips fewer than ANCHOR_EVERY entries, instead of skipping 50,000 from the top.
 *
 * Like any numbered page under concurrent writes, a deep page is as of its anchor: rows added before it during the
 * TTL shift later pages by that many rows (as they shift numbered pages between two requests anyway); the first
 * pages (below ANCHOR_EVERY rows) are always read from the top.
 */
export const ANCHOR_EVERY = 500;
export const ANCHOR_TTL_MS = 30_000;
const ANCHOR_CACHE_MAX_ENTRIES = 20_000;

/** An anchor: the row's sort values as text, or null when the list ends before that position. */
type Anchor = string[] | null;

const anchorCache = new Map<string, { value: Anchor; at: number }>();
const anchorsInFlight = new Map<string, Promise<Anchor>>();

/** Forgets the anchors of deep pages (tests; after a bulk change). */
export function clearAnchorCache(): void {
  anchorCache.clear();
}

function anchorValues(anchor: string[]): Record<string, string> {
  return Object.fromEntries(anchor.map((value, i) => [`a${i}`, value]));
}

/** The anchor at `position` (a multiple of ANCHOR_EVERY), from the nearest fresh anchor before it or the top. */
function anchorAt(
  anchored: NonNullable<PreparedList<unknown>['anchored']>,
  filterKey: string,
  values: Record<string, unknown>,
  position: number,
  now: () => number,
): Promise<Anchor> {
  const cacheKey = (at: number) => `${filterKey}\u0000${at}`;
  const fresh = (at: number) => {
    const cached = anchorCache.get(cacheKey(at));
    return cached && now() - cached.at <= ANCHOR_TTL_MS ? cached : undefined;
  };
  const cached = fresh(position);
  if (cached) return Promise.resolve(cached.value);
  const key = cacheKey(position);
  const inFlight = anchorsInFlight.get(key);
  if (inFlight) return inFlight;
  const find = (async (): Promise<Anchor> => {
    let base = 0;
    let from: { value: Anchor } | undefined;
    for (let at = position - ANCHOR_EVERY; at > 0 && !from; at -= ANCHOR_EVERY) {
      from = fresh(at);
      if (from) base = at;
    }
    let value: Anchor = null;
    if (!from || from.value) {
      const [row] = from?.value
        ? await anchored.anchorFrom.execute({ ...values, ...anchorValues(from.value), offset: position - base })
        : await anchored.anchorAt.execute({ ...values, offset: position });
      value = row ? Array.from({ length: anchored.columns }, (_, i) => String(row[`a${i}`])) : null;
    }
    if (anchorCache.size >= ANCHOR_CACHE_MAX_ENTRIES) {
      const oldest = anchorCache.keys().next().value;
      if (oldest !== undefined) anchorCache.delete(oldest);
    }
    anchorCache.set(key, { value, at: now() });
    return value;
  })().finally(() => anchorsInFlight.delete(key));
  anchorsInFlight.set(key, find);
  return find;
}

/**
 * One page of a prepared list with its total (the counting rules of countRows), in the spec 7 envelope: the keys
 * (with the capped count unless a large total is cached), then those rows. An empty page counts on its own. A page
 * at ANCHOR_EVERY rows or deeper, in a list whose order runs one way, reads its keys from the anchor before it.
 */
export async function pagedPrepared<TRow, TItem>(
  list: PreparedList<TRow>,
  values: Record<string, unknown>,
  page: PageQuery,
  map: (row: TRow) => TItem,
  now: () => number = Date.now,
): Promise<ApiPage<TItem>> {
  const { pageNo, pageSize } = page;
  const offset = (pageNo - 1) * pageSize;
  const filterKey = `${list.key}\u0000${JSON.stringify(values)}`;
  const exact = async () => Number((await list.exact.execute(values))[0]?.n ?? 0);
  const estimate = () => list.estimate.execute(values);
  let keys: { key: unknown }[] | undefined;
  let rows: TRow[] | undefined;
  let total: ListTotal;
  if (list.anchored && offset >= ANCHOR_EVERY) {
    const position = offset - (offset % ANCHOR_EVERY);
    const [counted, anchor] = await Promise.all([
      cachedCount(filterKey, async () => Number((await list.capped.execute(values))[0]?.n ?? 0), exact, {
        now,
        estimate,
      }),
      anchorAt(list.anchored, filterKey, values, position, now),
    ]);
    total = counted;
    keys = anchor
      ? await list.anchored.keysFrom.execute({
          ...values,
          ...anchorValues(anchor),
          limit: pageSize,
          offset: offset - position,
        })
      : [];
  } else {
    const pageValues = { ...values, limit: pageSize, offset };
    total = await cachedCount(
      filterKey,
      async () => {
        const byRanges = list.searchKeysCounted && 'lo' in values && 'hi' in values;
        if (byRanges && list.searchLoaded) {
          // The page's rows with the count, in one statement; an empty page, or a search past the limit (whose
          // page is read from the sort index), goes on below.
          const loaded = await list.searchLoaded.execute(pageValues);
          const n = loaded.length > 0 ? Number(loaded[0]![SEARCH_CAPPED]) : undefined;
          if (n !== undefined && n <= EXACT_COUNT_LIMIT) {
            rows = loaded;
            return n;
          }
        }
        const counted = await (byRanges ? list.searchKeysCounted! : list.keysCounted).execute(pageValues);
        const first = counted[0];
        // A narrow list always answers a row (with a null key when the page holds no match); another list none
        // past its last page, which is then counted on its own.
        const n = first ? Number(first.capped) : Number((await list.capped.execute(values))[0]?.n ?? 0);
        // A narrow list's page came from its first matches only: past the limit (or when a branch through another
        // table stopped at its cap) it is read from the sort index.
        if (!list.narrow || n <= EXACT_COUNT_LIMIT) keys = counted.filter((row) => row.key !== null);
        return n;
      },
      exact,
      // A narrow list's page comes with its count; read on its own it would walk the sort index for the matches.
      { now, estimate, shareCapped: !list.narrow },
    );
    // The total came from the cache or from another request's count: the keys were not read yet.
    if (!rows) keys ??= await list.keys.execute(pageValues);
  }
  rows ??= keys && keys.length > 0 ? await list.load.execute({ ...values, keys: keys.map((row) => row.key) }) : [];
  return pageEnvelope(rows.map(map), pageNo, pageSize, total);
}
