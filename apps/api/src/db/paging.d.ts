import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db } from './client';
import type { PrefixBranch } from './prefix-search';
/**
 * The rules every paged list follows at any size (spec 4 and 7: `total` is always answered, pages are numbered):
 * - the page is found with an index-only scan of the list's sort index (the "seek", a subquery), and only its rows
 *   are loaded with their joins, in one statement, so page 5,000 costs about what page 1 does plus the index
 *   entries it skips;
 * - the total is exact up to EXACT_COUNT_LIMIT (counted with a capped index scan); above it, the exact count is
 *   cached per filter for COUNT_CACHE_TTL_MS and refreshed in the background, so no page scans a million rows.
 */
export declare const EXACT_COUNT_LIMIT = 10000;
export declare const COUNT_CACHE_TTL_MS = 30000;
/** A query selecting the list's rows under its filters (no order, no limit): what the total counts. */
export interface CountableQuery extends SQLWrapper {
    toSQL(): {
        sql: string;
        params: unknown[];
    };
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
} & ({
    seek: Seek<TRow>;
    rows?: never;
}
/** The page's rows with limit and offset in SQL (a stable order backed by an index); fine for small lists. */
 | {
    rows: (limit: number, offset: number) => Promise<TRow[]>;
    seek?: never;
});
/** Pages a list in SQL and answers the spec 7 paged envelope. */
export declare function paged<TRow, TItem = TRow>(query: PagedQuery<TRow, TItem>): Promise<ApiPage<TItem>>;
/** Forgets cached totals (tests; a process that must answer exact totals right after a bulk change). */
export declare function clearCountCache(): void;
/**
 * The total of a list: exact by a capped count while it is at most EXACT_COUNT_LIMIT, otherwise an exact count
 * cached per query text and parameters (stale-while-refresh: one background recount per TTL, never on the page's path
 * except the very first time a filter is counted). A filter known to be above the limit is not capped-counted again
 * while its cached total stands: that count reads EXACT_COUNT_LIMIT + 1 index entries, more than the page itself.
 */
export declare function countRows(db: Db, query: CountableQuery, now?: () => number): Promise<number>;
/**
 * The counting rules of countRows for any pair of counts: `capped` answers at most EXACT_COUNT_LIMIT + 1, `exact`
 * the whole total; `key` names the filter (its query text and parameters).
 */
export declare function cachedCount(key: string, capped: () => Promise<number>, exact: () => Promise<number>, now?: () => number): Promise<number>;
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
export declare function ascending(...columns: (AnyPgColumn | SQL)[]): ListOrder;
/** Every column descending: newest first is `descending(t.createdAt, t.id)`. */
export declare function descending(...columns: (AnyPgColumn | SQL)[]): ListOrder;
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
    search?: {
        filters: SQL | undefined;
        branches: PrefixBranch[];
    };
    /** The rows whose key is in `keys` (`inArray(key, keys)`), with their joins; the list's order is added to it. */
    load: (keys: SQLWrapper) => {
        orderBy: (...columns: SQL[]) => Preparable;
    };
}
/** The statements of one list for one shape of filters. */
export interface PreparedList<TRow> {
    key: string;
    /** The page's keys in the list's order (`limit` and `offset` placeholders). */
    keys: Executable<{
        key: unknown;
    }[]>;
    /**
     * The same keys, each row also carrying the capped count (the total while it is at most EXACT_COUNT_LIMIT). For
     * a `narrow` list the keys are right only while the count is within the limit, and there is always a row (a
     * null key on a page without matches).
     */
    keysCounted: Executable<{
        key: unknown;
        capped: number;
    }[]>;
    /** A `search` list's keysCounted from its index ranges (bound `lo` and `hi`), on the generic-plan connections. */
    searchKeysCounted?: Executable<{
        key: unknown;
        capped: number;
    }[]>;
    narrow: boolean;
    /** Those rows with their joins (`keys` placeholder: an array of the keys). */
    load: Executable<TRow[]>;
    capped: Executable<{
        n: number;
    }[]>;
    exact: Executable<{
        n: number;
    }[]>;
    /** Where the order runs one way: the statements that page from an anchor (a row's sort values, `a0`…). */
    anchored?: {
        columns: number;
        /** The sort values (as text) of the row at `offset`. */
        anchorAt: Executable<Record<string, string>[]>;
        /** The sort values of the row `offset` rows on from the anchor (the anchor's own row is offset 0). */
        anchorFrom: Executable<Record<string, string>[]>;
        /** The page's keys `offset` rows on from the anchor. */
        keysFrom: Executable<{
            key: unknown;
        }[]>;
    };
}
/**
 * Prepares a list's statements once per database handle and shape of filters (`key`: which filters are present,
 * not their values; values are placeholders): the page's keys (the `key` column, seeked by the sort index, `limit`
 * and `offset` placeholders), the `load` of those rows with their joins, the capped and exact counts, and, where
 * the order runs one way, the keyset statements deep pages start from. Building SQL text with Drizzle on every
 * request cost about a third of the API's CPU per list call (docs/ARCHITECTURE.md, "Lists at a million rows").
 *
 * Why the keys and the load are two statements: PostgreSQL cannot estimate a LIMIT or OFFSET that is a parameter
 * (it assumes 10 % of the rows), so a statement with both never gets a usable generic plan and is planned again
 * on every execution; for a page joined to four tables that planning cost more than the whole ceiling request
 * (about 0.6 ms of database CPU). Split, the keys statement is one table (cheap to plan each time) and the load
 * (`key in unnest($keys)`) runs on a generic plan cached by the server after five executions. The capped count
 * rides along with the keys (`keysCounted`) while the total is small, so a page costs three round trips with the
 * session lookup, as few as the ceiling's.
 */
export declare function preparedList<TRow>(db: Db, key: string, build: () => ListDefinition): PreparedList<TRow>;
/**
 * Deep pages start from anchors: the sort values of the rows at every ANCHOR_EVERY-th position of a list under one
 * filter, found once (each from the anchor before it) and kept for ANCHOR_TTL_MS. Page 5,000 then reads the index
 * from its anchor and skips fewer than ANCHOR_EVERY entries, instead of skipping 50,000 from the top.
 *
 * Like any numbered page under concurrent writes, a deep page is as of its anchor: rows added before it during the
 * TTL shift later pages by that many rows (as they shift numbered pages between two requests anyway); the first
 * pages (below ANCHOR_EVERY rows) are always read from the top.
 */
export declare const ANCHOR_EVERY = 500;
export declare const ANCHOR_TTL_MS = 30000;
/** Forgets the anchors of deep pages (tests; after a bulk change). */
export declare function clearAnchorCache(): void;
/**
 * One page of a prepared list with its total (the counting rules of countRows), in the spec 7 envelope: the keys
 * (with the capped count unless a large total is cached), then those rows. An empty page counts on its own. A page
 * at ANCHOR_EVERY rows or deeper, in a list whose order runs one way, reads its keys from the anchor before it.
 */
export declare function pagedPrepared<TRow, TItem>(list: PreparedList<TRow>, values: Record<string, unknown>, page: PageQuery, map: (row: TRow) => TItem, now?: () => number): Promise<ApiPage<TItem>>;
export {};
