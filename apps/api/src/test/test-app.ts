import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type AppConfig, type ConfigOverrides, loadConfig } from '../config';
import { type Database, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../db/client';
import { seedDemoData } from '../demo/index';
import { DEMO_PASSWORD } from '../demo/users';
import type { Mailer, OutboxReader, SentMail } from '../integrations/mailer/mailer';
import { createFileStorage } from '../integrations/storage/create-storage';
import type { CounterStore } from '../lib/counter-store';
import type { FileStorage } from '../integrations/storage/file-storage';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL (or DATABASE_URL)
 * is set, a randomly named database created on that PostgreSQL server and dropped by close().
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database & { url?: string }> {
  const machine = loadConfig();
  const serverUrl = machine.testDatabaseUrl ?? machine.databaseUrl;
  if (!serverUrl) {
    if (!migrate) return openPglite();
    return openPglite(undefined, { loadDataDir: await migratedPgliteTemplate() });
  }

  const name = `postwise_test_${randomBytes(6).toString('hex')}`;
  const template = migrate ? await migratedPostgresTemplate(serverUrl) : undefined;
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

function migrationsHash(): string {
  const hash = createHash('sha1');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * On PostgreSQL, a database with the committed migrations applied, named by their hash: test databases are
 * created as copies of it (`create database … template …`) rather than migrated one by one. Made once per server
 * under an advisory lock, so test files starting together make it once.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= withAdminClient(serverUrl, async (client) => {
    const name = `postwise_template_${migrationsHash()}`;
    await client.query('select pg_advisory_lock(7450129002)');
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await client.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = openPostgres(url.toString());
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(7450129002)');
    }
  });
  return postgresTemplate;
}

/**
 * The committed migrations applied once to an empty PGlite and dumped: every test file's database starts from
 * that dump instead of running initdb and all migrations again (about 3 s less per file). Kept in the system's
 * temp directory under a hash of the migrations, so a changed migration makes a new template.
 */
let template: Promise<Blob> | undefined;
function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `postwise-pglite-migrated-${migrationsHash()}.tar`);
    if (!existsSync(file)) {
      const database = await openPglite();
      try {
        await database.migrate();
        const dump = await database.dumpDataDir!();
        // Written beside and renamed: test files starting at once never read half a template.
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await database.close();
      }
    }
    return new Blob([readFileSync(file)]);
  })();
  return template;
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function dropDatabase(serverUrl: string, name: string) {
  return withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** The app's clock in tests: it stands still unless a test moves it (sessions expire without waiting). */
export class TestClock {
  private current = Date.now();
  readonly now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
}

export interface TestAppOptions {
  /** Config values on top of the test defaults (the machine's environment is ignored). */
  config?: ConfigOverrides;
  /** Load the demo accounts (default true). */
  seed?: boolean;
  counters?: CounterStore;
  /** Replaces the dev outbox mailer (e.g. one that fails). */
  mailer?: Mailer & Partial<OutboxReader>;
  /** Replaces the file storage the app opens (e.g. a disk storage whose writes fail). */
  storage?: (config: AppConfig) => FileStorage;
  /** Receives the app's log lines (set LOG_LEVEL in config to see them). */
  logStream?: { write(line: string): void };
  /** Adds routes or hooks before the app is ready (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: TestClock;
  /** Signs in through the API and returns the access token. */
  login(email: string, password?: string): Promise<string>;
  /** E-mails the app sent (the dev outbox of this test app), newest first, once the queue has run. */
  outbox(): Promise<SentMail[]>;
  /** Runs every ready job (e-mail, webhooks), and what they send in turn, until none is left. */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the real app against a fresh database (see createTestDatabase) with the demo accounts loaded.
 * Without SPA build (WEB_DIST_DIR points nowhere) unless the test sets one. When the machine sets REDIS_URL,
 * counters and rate limits use that Redis under a random key prefix, so runs never see each other's counts.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const machine = loadConfig();
  const clock = new TestClock();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SEED_DEMO: false,
      WEB_DIST_DIR: path.join(tmpdir(), `postwise-no-web-${randomBytes(4).toString('hex')}`),
      // Outbox mail and stored files of this test app only.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'postwise-test-data-')),
      REDIS_URL: machine.redisUrl,
      REDIS_KEY_PREFIX: `postwise-test:${randomBytes(6).toString('hex')}:`,
      // Jobs (e-mail, webhooks) run when a test drains the queue (outbox(), drainJobs()), not on a timer.
      JOBS_POLL_INTERVAL_MS: 0,
      now: clock.now,
      ...options.config,
    },
    {},
  );
  const database = await createTestDatabase();
  try {
    if (options.seed ?? true) {
      // The same storage the app opens below (DATA_DIR of this test app), so seeded files are readable.
      const storage = createFileStorage({ dataDir: config.dataDir, s3: config.s3 });
      await seedDemoData(database.db, { overwrite: false, storage });
    }
    const app = await buildApp({
      config,
      db: database.db,
      ...(options.counters ? { counters: options.counters } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.storage ? { storage: options.storage(config) } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    await options.extend?.(app);
    await app.ready();
    return {
      app,
      database,
      config,
      clock,
      async login(email, password = DEMO_PASSWORD) {
        const res = await app.inject({ method: 'POST', url: '/api/v1/auths/login', payload: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
        return res.json().data.accessToken as string;
      },
      async outbox() {
        if (!app.mailer.list) throw new Error('The test app mailer is not the dev outbox');
        // Mail is written after the answer (app.background) and sent by the job queue: read it once both ran.
        await app.background.idle();
        await app.jobs.drain();
        return app.mailer.list(200);
      },
      async drainJobs() {
        await app.background.idle();
        await app.jobs.drain();
      },
      async close() {
        await app.close();
        await database.close();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Makes the test app listen on a free port of 127.0.0.1, for real HTTP clients (streams, timings); answers its URL. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
