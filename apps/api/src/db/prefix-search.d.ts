import { type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
/**
 * "Starts with" searches (the lists' search boxes), in two forms that find the same rows:
 * - a LIKE pattern (`pattern`): PostgreSQL uses a text_pattern_ops index for it only in a plan made for the
 *   pattern's text, so a statement holding it is planned again on every call;
 * - a range of the same index (`lo` ≤ text < `hi`, byte order): its plan does not depend on the values, so it is
 *   planned once per connection (db/paging.ts runs it on the generic-plan connections, db/client.ts).
 */
/** LIKE pattern for "starts with", lower-cased, with the user's % and _ taken literally. */
export declare function prefixPattern(search: string): string;
/**
 * The byte-order range holding exactly the lower-cased texts that start with `search`: `lo` is the prefix, `hi` the
 * prefix with its last character replaced by the next one (UTF-8 orders bytes as it orders code points, so every
 * text from `lo` up to, not including, `hi` starts with the prefix). Undefined when no such `hi` exists (a prefix
 * made only of U+10FFFF), and for an empty prefix.
 */
export declare function prefixBounds(search: string): {
    lo: string;
    hi: string;
} | undefined;
/** The placeholders' values of a prefix search: the LIKE `pattern`, and `lo` / `hi` when the range exists. */
export declare function prefixSearchValues(search: string): {
    pattern: string;
    lo?: string;
    hi?: string;
};
/**
 * One way a row of a list matches a prefix search, as a range of one text_pattern_ops index (`lo` / `hi`
 * placeholders): `where` is the range, `orderBy` the index's own order (`using ~<~`), so a capped read of the branch
 * walks the index and stops at the cap instead of collecting the whole range first.
 */
export interface PrefixBranch {
    where: SQL;
    orderBy: SQL;
    /**
     * The range is of another table (an invoice's payer e-mail): its rows are read first, by `id`, then the list's
     * rows whose `link` is one of them.
     */
    through?: {
        from: PgTable;
        id: AnyPgColumn;
        link: AnyPgColumn;
    };
}
/**
 * `expression` starts with the search: the pattern operators (`~>=~`, `~<~`) compare as its text_pattern_ops index
 * orders. `through` when the expression is of another table than the list's.
 */
export declare function prefixRange(expression: SQL | AnyPgColumn, through?: PrefixBranch['through']): PrefixBranch;
