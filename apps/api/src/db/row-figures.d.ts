import type { Db } from './client';
/**
 * Per-row figures of a page (a sub-admin's customer and store counts, a mailbox's items on hand and fees accrued):
 * computed in one statement for the page's rows that are not cached, and kept per row for COUNT_CACHE_TTL_MS like
 * the lists' large totals. A row whose figures change in this process (mail received, a request completed) is
 * forgotten at once; other processes see the change within the TTL.
 */
export interface RowFigures<T, A = void> {
    /** The figures of `ids`, from the cache where fresh, computed for the rest (`arg` goes to `compute`, e.g. the clock). */
    get: (db: Db, ids: readonly string[], arg: A) => Promise<Map<string, T>>;
    /** Forgets one row's figures (or every row's). */
    forget: (id?: string) => void;
}
export declare function rowFigures<T, A = void>(
/** The figures of the given rows; a row it leaves out has the `empty` figures. */
compute: (db: Db, ids: string[], arg: A) => Promise<Map<string, T>>, empty: T, options?: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
}): RowFigures<T, A>;
