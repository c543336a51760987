import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client';

/** pg-boss's schema; its tables are created by a committed migration (drizzle/*_job_queue.sql). */
export const JOB_SCHEMA = 'pgboss';

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  createdOn: Date;
}

/** One kind of job: its queue, its handler and how it is retried. */
export interface JobDefinition<T = unknown> {
  name: string;
  handler: (data: T, job: JobContext) => Promise<unknown>;
  /** Attempts after the first; past them the job is `failed` (the dead-letter state the super admin sees). */
  retryLimit: number;
  /** First wait before a retry; each further wait doubles (with jitter, pg-boss's back-off)... */
  retryDelaySeconds: number;
  /** ...but never beyond this, so work waiting on a peer that is back runs within this long. */
  maxRetryDelaySeconds: number;
  /** A handler still running after this is abandoned and the job retried (also after a crash). */
  expireInSeconds: number;
  /** Jobs one poll takes and runs side by side (one slow peer does not hold up the rest). */
  batchSize?: number;
  /** Jobs of a batch with the same group run one after another, oldest first (e.g. two e-mails to one person). */
  groupBy?: (data: T) => string;
  /** What of the job's data stays once it completed (secrets in it need not be kept). */
  redact?: (data: T) => object;
}

export interface SendOptions {
  /** The transaction of the business write: the job exists only if that write commits (outbox). */
  db?: Db;
  /** Idempotency key: a second send with the same key (while the first is kept) adds nothing. */
  key?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  createdOn: Date;
  completedOn: Date | null;
}

/** The job id a key stands for: the same key always names the same job, so pg-boss's insert skips a repeat. */
export function jobIdForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  // Shaped as a UUID (version nibble 8: custom), which is what pg-boss's id column holds.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * pg-boss speaks `executeSql(text, values)`. Run through Drizzle, the same code serves PGlite (one connection),
 * node-postgres and an open transaction. `$n` placeholders become Drizzle parameters; pg-boss's locked
 * maintenance commands (BEGIN; ...; COMMIT, no parameters) run as a Drizzle transaction, statement by statement,
 * because PGlite's query() takes one statement at a time.
 */
export function drizzleExecutor(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const trimmed = text.trim();
      if (values.length === 0 && /^BEGIN;/i.test(trimmed)) {
        const statements = trimmed
          .replace(/^BEGIN;/i, '')
          .replace(/COMMIT;?$/i, '')
          .split(/;\s*\n/)
          .map((s) => s.trim())
          .filter(Boolean);
        let last: { rows: unknown[] } = { rows: [] };
        await db.transaction(async (tx) => {
          for (const statement of statements) last = rowsOf(await tx.execute(sql.raw(statement)));
        });
        return last as { rows: never[] };
      }
      return rowsOf(await db.execute(withParams(text, values))) as { rows: never[] };
    },
  };
}

function rowsOf(result: unknown): { rows: unknown[] } {
  const rows = (result as { rows?: unknown[] }).rows;
  return { rows: Array.isArray(rows) ? rows : [] };
}

/**
 * Drizzle would spread an array into a list of parameters, so arrays (pg-boss's id lists) go as PostgreSQL array
 * literals; objects (job data, outputs) as JSON text, which both drivers hand to a jsonb parameter alike.
 */
function driverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return `{${value.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

function withParams(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${driverValue(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * pg-boss's job insert, usable without a running queue: every send names the database (or transaction) it writes
 * to, so code in any area can add a job inside its own transaction with no queue object at hand.
 */
const sender = new PgBoss({
  db: {
    executeSql() {
      throw new Error('enqueueJob always writes through the database it is given');
    },
  },
  schema: JOB_SCHEMA,
  migrate: false,
  schedule: false,
  supervise: false,
});

/** Adds a job with `db` (a transaction: the job exists only if it commits); null when the key names a kept job. */
export async function enqueueJob(
  db: Db,
  name: string,
  data: object,
  options: Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  return sender.send(name, data, {
    // A time-ordered id (UUIDv7, monotonic within this process) breaks ties between jobs sent in the same
    // millisecond or transaction in the order they were sent: pg-boss claims by (created_on, id).
    id: options.key ? jobIdForKey(name, options.key) : uuidv7(),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    db: drizzleExecutor(db),
  });
}

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Milliseconds between polls of each queue; 0: no polling (tests run jobs with `drain()`). */
  pollIntervalMs: number;
  /** Run pg-boss's maintenance (expire abandoned jobs, archive, delete old ones). */
  maintain: boolean;
}

/**
 * The durable job queue (docs/decisions/005-durable-queue.md): pg-boss over the app's own PostgreSQL or PGlite.
 * Jobs are sent inside the business write's transaction when there is one; each queue is polled by every API
 * process (claims are FOR UPDATE SKIP LOCKED), retried with capped back-off, and ends `failed` when its retries
 * run out, where the super admin's Jobs page can retry it.
 */
export class JobQueue {
  private boss: PgBoss;
  private retryStart: NodeJS.Timeout | undefined;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly wakeups = new Map<string, () => void>();
  private started = false;
  private stopping = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = this.newBoss();
  }

  /** pg-boss stays half-started when its first query fails, so each start attempt gets a fresh instance. */
  private newBoss(): PgBoss {
    const options = this.options;
    const boss = new PgBoss({
      db: drizzleExecutor(options.db),
      schema: JOB_SCHEMA,
      // The schema comes from the committed migration; pg-boss only checks its version.
      migrate: false,
      schedule: false,
      supervise: options.maintain,
      maintenanceIntervalSeconds: 60,
      // Completed jobs stay in the job table a week: a repeated key within it adds nothing.
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      // Failed jobs stay visible (and retryable) for 30 days.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
    });
    boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
    return boss;
  }

  define<T>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${definition.name} defined after the queue started`);
    this.definitions.set(definition.name, definition as JobDefinition<never>);
  }

  queueNames(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Starts the queue; while the database cannot be reached (`isUnreachable(err)`) it tries again every
   * `retryMs` in the background instead of failing the app's start, so the API can answer 503 meanwhile and
   * picks the queue up when the database is back. Jobs sent meanwhile are written by the business transaction
   * itself, so nothing waits on this.
   */
  async startWhenReachable(isUnreachable: (err: unknown) => boolean, retryMs = 5_000): Promise<void> {
    try {
      await this.start();
    } catch (err) {
      if (!isUnreachable(err) || this.stopping) throw err;
      this.options.log.warn({ err }, 'job queue waits for the database');
      this.retryStart = setTimeout(() => {
        this.retryStart = undefined;
        if (!this.stopping)
          void this.startWhenReachable(isUnreachable, retryMs).catch((e: unknown) => {
            this.options.log.error({ err: e }, 'job queue failed to start');
          });
      }, retryMs);
      this.retryStart.unref();
    }
  }

  async start(): Promise<void> {
    if (this.started) return;
    try {
      await this.boss.start();
    } catch (err) {
      this.boss = this.newBoss();
      throw err;
    }
    const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    for (const def of this.definitions.values()) {
      const wanted = {
        name: def.name,
        policy: 'standard' as const,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
      };
      const found = existing.get(def.name);
      if (!found) await this.boss.createQueue(def.name, wanted);
      else if (
        found.retryLimit !== wanted.retryLimit ||
        found.retryDelay !== wanted.retryDelay ||
        found.expireInSeconds !== wanted.expireInSeconds
      ) {
        await this.boss.updateQueue(def.name, wanted);
      }
    }
    this.started = true;
    if (this.options.pollIntervalMs > 0) for (const name of this.definitions.keys()) this.schedulePoll(name, 0);
  }

  /** Readiness: the queue has started (it waits for the database after a start while it was down). */
  async check(): Promise<void> {
    if (!this.started) throw new Error('The job queue has not started');
  }

  /** Adds a job; answers its id, or null when the key names a job already there. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    const id = await enqueueJob(options.db ?? this.options.db, name, data, options);
    // Sent outside a transaction: the job is visible now, so this process need not wait for its next poll.
    if (!options.db && id) this.wake(name);
    return id;
  }

  /** Polls a queue at once (e.g. after a transaction that sent to it committed). */
  wake(name: string): void {
    this.wakeups.get(name)?.();
  }

  private schedulePoll(name: string, delayMs: number) {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.wakeups.delete(name);
      void this.track(this.pollOnce(name)).finally(() => this.schedulePoll(name, this.options.pollIntervalMs));
    }, delayMs);
    timer.unref();
    this.timers.set(name, timer);
    this.wakeups.set(name, () => {
      clearTimeout(timer);
      this.wakeups.delete(name);
      this.schedulePoll(name, 0);
    });
  }

  private track(work: Promise<unknown>): Promise<void> {
    const done = work.then(
      () => undefined,
      (err: unknown) => this.options.log.error({ err }, 'job poll failed'),
    );
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
    return done;
  }

  /** Claims the queue's ready jobs (up to its batch size) and runs them; answers how many it ran. */
  private async pollOnce(name: string): Promise<number> {
    const def = this.definitions.get(name)!;
    const jobs = (await this.boss.fetch(name, {
      batchSize: def.batchSize ?? 5,
      includeMetadata: true,
    })) as PgBoss.JobWithMetadata<never>[];
    // pg-boss claims the oldest jobs, but its UPDATE ... RETURNING answers them in no particular order. createdOn
    // comes back in milliseconds; the time-ordered ids (enqueueJob) order jobs sent within one millisecond.
    jobs.sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime() || a.id.localeCompare(b.id));
    const groups = new Map<string, PgBoss.JobWithMetadata<never>[]>();
    for (const job of jobs) {
      const group = def.groupBy ? def.groupBy(job.data) : job.id;
      groups.set(group, [...(groups.get(group) ?? []), job]);
    }
    await Promise.all(
      [...groups.values()].map(async (inOrder) => {
        for (const job of inOrder) await this.run(def, job);
      }),
    );
    return jobs.length;
  }

  private async run(def: JobDefinition<never>, job: PgBoss.JobWithMetadata<never>): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        def.handler(job.data, { id: job.id, retryCount: job.retryCount, createdOn: job.createdOn }),
        new Promise((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error(`Job ran longer than ${def.expireInSeconds} s`)),
            def.expireInSeconds * 1000,
          );
        }),
      ]);
      await this.boss.complete(def.name, job.id, result && typeof result === 'object' ? result : undefined);
      if (def.redact) {
        await this.options.db.execute(sql`
          update ${sql.raw(JOB_SCHEMA)}.job set data = ${JSON.stringify(def.redact(job.data))}::jsonb
          where name = ${def.name} and id = ${job.id} and state = 'completed'`);
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.options.log.warn({ err, job: def.name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      await this.boss.fail(def.name, job.id, { message });
      // pg-boss doubles the wait without limit; cap it so a peer that is back is used again soon.
      await this.options.db.execute(sql`
        update ${sql.raw(JOB_SCHEMA)}.job
        set start_after = least(start_after, now() + make_interval(secs => ${def.maxRetryDelaySeconds}))
        where name = ${def.name} and id = ${job.id} and state = 'retry'`);
    } finally {
      clearTimeout(timeout);
    }
  }

  /**
   * Runs every job that is ready, and what those jobs send, until none is left (tests, and the dev outbox before
   * it lists mail). Jobs waiting for a retry later are left waiting.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      await Promise.all([...this.running]);
      let ran = 0;
      for (const name of this.definitions.keys()) ran += await this.pollOnce(name);
      if (ran === 0 && this.running.size === 0) return;
    }
    throw new Error('The job queue did not drain in 100 rounds');
  }

  /**
   * Stops polling and waits (at most `timeoutMs`) for running jobs; what is left stays in the database for the next
   * start, and a job abandoned while active is retried once its expiry passes.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryStart);
    for (const timer of this.timers.values()) clearTimeout(timer);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.running]),
      new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timeout);
    if (this.started) await this.boss.stop({ graceful: false, close: false });
  }

  /** Jobs of a state, newest first (the super admin's Jobs page). */
  async list(filter: { state?: JobState; name?: string; limit: number; offset: number }): Promise<{
    items: JobRow[];
    total: number;
  }> {
    const conditions: SQL[] = [sql`true`];
    if (filter.state) conditions.push(sql`state = ${filter.state}::${sql.raw(JOB_SCHEMA)}.job_state`);
    if (filter.name) conditions.push(sql`name = ${filter.name}`);
    const where = sql.join(conditions, sql` and `);
    const rows = rowsOf(
      await this.options.db.execute(sql`
        select id, name, state, data, output, retry_count as "retryCount", retry_limit as "retryLimit",
          start_after as "startAfter", created_on as "createdOn", completed_on as "completedOn"
        from ${sql.raw(JOB_SCHEMA)}.job where ${where}
        order by created_on desc, id desc limit ${filter.limit} offset ${filter.offset}`),
    ).rows as JobRow[];
    const [count] = rowsOf(
      await this.options.db.execute(sql`select count(*)::int as total from ${sql.raw(JOB_SCHEMA)}.job where ${where}`),
    ).rows as { total: number }[];
    return { items: rows.map(normalizeJobRow), total: Number(count?.total ?? 0) };
  }

  async get(name: string, id: string): Promise<JobRow | null> {
    const [row] = rowsOf(
      await this.options.db.execute(sql`
        select id, name, state, data, output, retry_count as "retryCount", retry_limit as "retryLimit",
          start_after as "startAfter", created_on as "createdOn", completed_on as "completedOn"
        from ${sql.raw(JOB_SCHEMA)}.job where name = ${name} and id = ${id}`),
    ).rows as JobRow[];
    return row ? normalizeJobRow(row) : null;
  }

  /** Counts per queue and state (queue depth and failures). */
  async counts(): Promise<{ name: string; state: JobState; count: number }[]> {
    const rows = rowsOf(
      await this.options.db.execute(sql`
        select name, state, count(*)::int as count from ${sql.raw(JOB_SCHEMA)}.job group by name, state`),
    ).rows as { name: string; state: JobState; count: number }[];
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /** Gives a failed job one more attempt, now. Answers false when the job is not (or no longer) failed. */
  async retry(name: string, id: string): Promise<boolean> {
    if (!this.definitions.has(name)) return false;
    const result = (await this.boss.retry(name, id)) as unknown as { affected?: number };
    const retried = (result.affected ?? 0) > 0;
    if (retried) this.wake(name);
    return retried;
  }
}

function normalizeJobRow(row: JobRow): JobRow {
  const date = (v: unknown) => (v instanceof Date ? v : v == null ? null : new Date(String(v)));
  return {
    ...row,
    retryCount: Number(row.retryCount),
    retryLimit: Number(row.retryLimit),
    startAfter: date(row.startAfter)!,
    createdOn: date(row.createdOn)!,
    completedOn: date(row.completedOn),
  };
}
