import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppConfig } from '../config';
import { API_ROOT } from '../paths';

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

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Serialises migrations of processes starting together against one PostgreSQL (any constant bigint works). */
const MIGRATION_LOCK_KEY = 7_450_129_001;

const lockedHere = new Set<string>();

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it.
 * A pid file next to the directory makes a second opener (server + db:seed) fail with a clear message.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  if (lockedHere.has(dataDir)) throw new Error(`The embedded database ${dataDir} is in use by process ${process.pid}.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      lockedHere.add(dataDir);
      return async () => {
        lockedHere.delete(dataDir);
        await rm(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      // Our own pid in the file is a previous life of this container (pid 1 again), not a live holder.
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The embedded database ${dataDir} is in use by process ${pid}; stop it first.`, { cause: err });
      }
      await rm(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite in a data directory (kept between restarts), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  let unlock: () => Promise<void> = async () => undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = dataDir
      ? await PGlite.create(dataDir, options)
      : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } catch (err) {
    await unlock();
    throw err;
  }
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      await unlock();
    },
  };
}

/** Named statements a connection keeps at most; a query past it runs unnamed (parsed and planned each time). */
export const MAX_NAMED_STATEMENTS_PER_CONNECTION = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pw_${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Parameterised queries run as named prepared statements on each connection, so PostgreSQL parses and plans the
 * same text once per connection instead of on every request (the session lookup alone took about 10 ms of parse and
 * bind, more than the page it guards). The name is a hash of the text; queries without parameters (which may hold
 * several statements) stay unnamed, and each connection names at most MAX_NAMED_STATEMENTS_PER_CONNECTION texts.
 */
export function prepareStatementsOn(client: pg.PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const wrapped = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const params = values ?? (config as { values?: unknown } | null)?.values;
    const hasName = typeof config === 'object' && config !== null && Boolean((config as { name?: unknown }).name);
    if (typeof text === 'string' && !hasName && Array.isArray(params) && params.length > 0) {
      const name = statementName(text);
      if (named.has(name) || named.size < MAX_NAMED_STATEMENTS_PER_CONNECTION) {
        named.add(name);
        config = typeof config === 'string' ? { text, name } : { ...(config as object), name };
      }
    }
    return query(config, values, callback);
  };
  client.query = wrapped as typeof client.query;
}

const genericPlanHandles = new WeakMap<Db, Db>();

/**
 * The handle for statements whose plan must not depend on their values (how a list finds its page: keys under
 * LIMIT and OFFSET placeholders, capped counts, deep-page anchors, and prefix searches as index ranges,
 * db/paging.ts and db/prefix-search.ts): on PostgreSQL, connections of their own that plan each prepared
 * statement once (`plan_cache_mode=force_generic_plan`). The server would otherwise plan such a statement again on
 * every call, because a plan made for the values at hand (`limit 10`, one search's prefix) always looks cheaper
 * than the generic one. Elsewhere (PGlite, a transaction) it is `db` itself: the same rows, planned as that
 * connection plans.
 */
export function genericPlans(db: Db): Db {
  return genericPlanHandles.get(db) ?? db;
}

/** Connections of the generic-plan handle: every list page runs one statement there, as many as the main pool. */
const GENERIC_PLAN_CONNECTIONS = 10;

/** How long a request waits for a database connection before it is answered 503 (DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

export function openPostgres(
  connectionString: string,
  onPoolError?: (err: Error) => void,
  options: { connectTimeoutMs?: number } = {},
): Database {
  // A database that does not answer (down, unreachable, out of connections) fails a request after the connect
  // timeout instead of holding it forever; the error handler answers 503 with Retry-After.
  const connectionTimeoutMillis = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis });
  pool.on('connect', (client) => prepareStatementsOn(client));
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => onPoolError?.(err));
  const db = drizzlePostgres({ client: pool });
  // Opened on first use, like the main pool's.
  const genericPool = new pg.Pool({
    connectionString,
    max: GENERIC_PLAN_CONNECTIONS,
    connectionTimeoutMillis,
    // Their statements read an index in its order and stop (a page, a capped count, a capped range): planned
    // without the values, PostgreSQL would rather collect a whole range in a bitmap, or scan the table and sort,
    // which for a one-letter search or a tenth of the table it assumes for a LIMIT reads the million rows the
    // index order is there to avoid.
    // No JIT: a switched-off path still left in a plan carries a cost that would always look worth compiling.
    options: '-c plan_cache_mode=force_generic_plan -c enable_bitmapscan=off -c enable_seqscan=off -c jit=off',
  });
  genericPool.on('error', (err) => onPoolError?.(err));
  genericPlanHandles.set(db, drizzlePostgres({ client: genericPool }));
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(config: AppConfig, onPoolError?: (err: Error) => void): Promise<Database> {
  if (config.databaseUrl) {
    return Promise.resolve(
      openPostgres(config.databaseUrl, onPoolError, { connectTimeoutMs: config.databaseConnectTimeoutMs }),
    );
  }
  return openPglite(config.pgliteDir);
}

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs of a server that is down, starting, shutting down or full (classes 08 and 57P, and 53300). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]$|53300$)/;
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Whether an error (or any error it wraps: Drizzle wraps the driver's) says the database cannot be reached, as
 * opposed to a query that failed: the request is then answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
