import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppConfig } from '../config';
/** The Drizzle handle every repository takes: the same type for PGlite, node-postgres and a transaction. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseDriver = 'pglite' | 'postgres';
/** An open database: the Drizzle handle plus what only the owner of the connection may do. */
export interface Database {
    db: Db;
    driver: DatabaseDriver;
    /** Applies the committed SQL migrations (apps/api/drizzle); safe to run again and from several processes. */
    migrate(): Promise<void>;
    /** PGlite only: the whole data directory as an uncompressed tarball (tests start new databases from it). */
    dumpDataDir?(): Promise<Blob>;
    close(): Promise<void>;
}
export declare const MIGRATIONS_FOLDER: string;
/** PGlite in a data directory (kept between restarts), or in memory when `dataDir` is undefined. */
export declare function openPglite(dataDir?: string, options?: {
    loadDataDir?: Blob;
}): Promise<Database>;
/** Named statements a connection keeps at most; a query past it runs unnamed (parsed and planned each time). */
export declare const MAX_NAMED_STATEMENTS_PER_CONNECTION = 500;
/**
 * Parameterised queries run as named prepared statements on each connection, so PostgreSQL parses and plans the
 * same text once per connection instead of on every request (the session lookup alone took about 10 ms of parse and
 * bind, more than the page it guards). The name is a hash of the text; queries without parameters (which may hold
 * several statements) stay unnamed, and each connection names at most MAX_NAMED_STATEMENTS_PER_CONNECTION texts.
 */
export declare function prepareStatementsOn(client: pg.PoolClient): void;
/**
 * The handle for statements whose plan must not depend on their values (how a list finds its page: keys under
 * LIMIT and OFFSET placeholders, capped counts, deep-page anchors, and prefix searches as index ranges,
 * db/paging.ts and db/prefix-search.ts): on PostgreSQL, connections of their own that plan each prepared
 * statement once (`plan_cache_mode=force_generic_plan`). The server would otherwise plan such a statement again on
 * every call, because a plan made for the values at hand (`limit 10`, one search's prefix) always looks cheaper
 * than the generic one. Elsewhere (PGlite, a transaction) it is `db` itself: the same rows, planned as that
 * connection plans.
 */
export declare function genericPlans(db: Db): Db;
export declare function openPostgres(connectionString: string, onPoolError?: (err: Error) => void): Database;
/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export declare function openDatabase(config: AppConfig, onPoolError?: (err: Error) => void): Promise<Database>;
export declare function pingDatabase(db: Db): Promise<void>;
