import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { JobQueue, jobIdForKey } from './job-queue';

let database: Database;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

function queueWith(handler: (data: { n: number }) => Promise<unknown>, extra: { pollIntervalMs?: number } = {}) {
  const queue = new JobQueue({ db: database.db, log, pollIntervalMs: extra.pollIntervalMs ?? 0, maintain: false });
  const name = `test-${Math.random().toString(36).slice(2, 8)}`;
  queue.define<{ n: number }>({
    name,
    handler,
    retryLimit: 2,
    retryDelaySeconds: 60,
    maxRetryDelaySeconds: 2,
    expireInSeconds: 5,
  });
  return { queue, name };
}

describe('the job queue', () => {
  it('keeps a job sent inside a transaction only when the transaction commits', async () => {
    const seen: number[] = [];
    const { queue, name } = queueWith(async (data) => seen.push(data.n));
    await queue.start();
    await database.db.transaction(async (tx) => {
      await queue.send(name, { n: 1 }, { db: tx });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send(name, { n: 2 }, { db: tx });
        throw new Error('the business write failed');
      })
      .catch(() => undefined);
    await queue.drain();
    expect(seen).toEqual([1]);
    await queue.stop();
  });

  it('adds a job once per key', async () => {
    const seen: number[] = [];
    const { queue, name } = queueWith(async (data) => seen.push(data.n));
    await queue.start();
    const first = await queue.send(name, { n: 1 }, { key: 'receipt:abc' });
    const second = await queue.send(name, { n: 2 }, { key: 'receipt:abc' });
    expect(first).toBe(jobIdForKey(name, 'receipt:abc'));
    expect(second).toBeNull();
    await queue.drain();
    // Done already: the same key still adds nothing (completed jobs are kept a week).
    expect(await queue.send(name, { n: 3 }, { key: 'receipt:abc' })).toBeNull();
    await queue.drain();
    expect(seen).toEqual([1]);
    await queue.stop();
  });

  it('retries a failing job with its wait capped, then leaves it failed until retried by hand', async () => {
    let fail = true;
    const attempts: number[] = [];
    const { queue, name } = queueWith(async (data) => {
      attempts.push(data.n);
      if (fail) throw new Error('peer refused');
    });
    await queue.start();
    const id = (await queue.send(name, { n: 7 }))!;
    await queue.drain();
    let job = await queue.get(name, id);
    expect(job?.state).toBe('retry');
    // pg-boss alone would wait 60-120 s; the cap makes it at most 2 s.
    const waited = await database.db.execute(
      sql`select extract(epoch from start_after - now())::float as s from pgboss.job where id = ${id}`,
    );
    const [wait] = (waited as unknown as { rows: { s: number }[] }).rows;
    expect(wait?.s).toBeLessThanOrEqual(2);
    for (let i = 0; i < 2; i++) {
      await database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 s' where id = ${id}`);
      await queue.drain();
    }
    job = await queue.get(name, id);
    expect(job?.state).toBe('failed');
    expect(job?.output).toEqual({ message: 'peer refused' });
    expect(attempts).toHaveLength(3);
    expect((await queue.list({ state: 'failed', name, limit: 10, offset: 0 })).items.map((j) => j.id)).toEqual([id]);

    fail = false;
    expect(await queue.retry(name, id)).toBe(true);
    await queue.drain();
    expect((await queue.get(name, id))?.state).toBe('completed');
    expect(await queue.retry(name, id)).toBe(false);
    await queue.stop();
  });

  it('runs the jobs of one group in the order they were sent', async () => {
    const seen: number[] = [];
    const queue = new JobQueue({ db: database.db, log, pollIntervalMs: 0, maintain: false });
    const name = `ordered-${Math.random().toString(36).slice(2, 8)}`;
    queue.define<{ n: number }>({
      name,
      handler: async (data) => {
        // The first job is the slowest: a batch run side by side would finish it last.
        await new Promise((resolve) => setTimeout(resolve, data.n === 1 ? 50 : 0));
        seen.push(data.n);
      },
      groupBy: () => 'one person',
      retryLimit: 0,
      retryDelaySeconds: 1,
      maxRetryDelaySeconds: 1,
      expireInSeconds: 5,
    });
    await queue.start();
    // Sent in one transaction, all ten have the same created_on: only the job ids can tell their order (the same
    // holds for sends that land within one millisecond).
    const sent = Array.from({ length: 10 }, (_, i) => i + 1);
    await database.db.transaction(async (tx) => {
      for (const n of sent) await queue.send(name, { n }, { db: tx });
    });
    await queue.drain();
    expect(seen).toEqual(sent);
    await queue.stop();
  });

  it('polls by itself and never waits on a transaction that is sending to it', async () => {
    const seen: number[] = [];
    const { queue, name } = queueWith(async (data) => seen.push(data.n), { pollIntervalMs: 20 });
    await queue.start();
    await database.db.transaction(async (tx) => {
      await queue.send(name, { n: 1 }, { db: tx });
      // Polls fire meanwhile; on PGlite they wait for this transaction, which must not wait for them.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await queue.send(name, { n: 2 }, { db: tx });
    });
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(2);
    await queue.stop();
  });
});
