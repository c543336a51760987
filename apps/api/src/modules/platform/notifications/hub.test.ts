import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { reachablePostgres, reachableRedis } from '../../../test/reachable-services';
import { MemoryHub, type NotificationHub, PostgresHub, type PushEvent, RedisHub } from './hub';

function event(userId: string, title: string): PushEvent {
  return {
    userId,
    type: 'notification',
    notification: {
      id: randomUUID(),
      kind: 'new_mail',
      title,
      body: '',
      link: null,
      createdAt: new Date().toISOString(),
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

/**
 * Two hubs stand for two API processes: a notification published in one reaches the user's streams in both,
 * exactly once each, and nobody else's.
 */
async function expectFanOut(a: NotificationHub, b: NotificationHub) {
  const user = randomUUID();
  const seenA: string[] = [];
  const seenB: string[] = [];
  const stranger: string[] = [];
  const offA = a.subscribe(user, (e) => seenA.push(e.notification.title));
  b.subscribe(user, (e) => seenB.push(e.notification.title));
  b.subscribe(randomUUID(), (e) => stranger.push(e.notification.title));
  await a.publish(event(user, 'one'));
  await b.publish(event(user, 'two'));
  await settle();
  expect(seenA).toEqual(['one', 'two']);
  expect(seenB).toEqual(['one', 'two']);
  expect(stranger).toEqual([]);
  offA();
  await a.publish(event(user, 'three'));
  await settle();
  expect(seenA).toEqual(['one', 'two']);
  expect(seenB).toEqual(['one', 'two', 'three']);
}

/** The one-process hub: what the Redis and PostgreSQL cases check instead on a machine without that server. */
async function expectFanOutInMemory() {
  const hub = new MemoryHub();
  await expectFanOut(hub, hub);
}

/** Starts two hubs of another process's kind, checks the fan-out between them and closes both, whatever happened. */
async function expectFanOutStarted(a: RedisHub | PostgresHub, b: RedisHub | PostgresHub) {
  try {
    await a.start();
    await b.start();
    await expectFanOut(a, b);
  } finally {
    await a.close();
    await b.close();
  }
}

describe('NotificationHub', () => {
  it('memory (PGlite, one process): delivers to the user’s listeners once', async () => {
    await expectFanOutInMemory();
  });

  it('redis (when one is reachable, else memory again): fans out across processes', async () => {
    const redis = await reachableRedis();
    if (!redis) {
      await expectFanOutInMemory();
      return;
    }
    const prefix = `postwise-test:${randomBytes(6).toString('hex')}:`;
    const other = redis.duplicate();
    const a = new RedisHub(redis, prefix);
    const b = new RedisHub(other, prefix);
    try {
      await expectFanOutStarted(a, b);
    } finally {
      redis.disconnect();
      other.disconnect();
    }
  });

  it('postgres LISTEN/NOTIFY (when reachable, else memory again): fans out across processes', async () => {
    const url = await reachablePostgres();
    if (!url) {
      await expectFanOutInMemory();
      return;
    }
    const poolA = new pg.Pool({ connectionString: url, max: 2 });
    const poolB = new pg.Pool({ connectionString: url, max: 2 });
    const a = new PostgresHub(poolA);
    const b = new PostgresHub(poolB);
    try {
      await expectFanOutStarted(a, b);
    } finally {
      await poolA.end();
      await poolB.end();
    }
  });

  it('postgres: the listening connection sits outside the pool (the pool ends while it listens) and comes back after a drop', async () => {
    const url = await reachablePostgres();
    if (!url) return;
    const name = `hub-test-${randomBytes(4).toString('hex')}`;
    const pool = new pg.Pool({ connectionString: url, max: 2, application_name: name });
    const errors: Error[] = [];
    const hub = new PostgresHub(pool, (err) => errors.push(err));
    try {
      await hub.start();
      // The listener holds none of the pool's connections.
      expect(pool.totalCount - pool.idleCount).toBe(0);
      const seen: string[] = [];
      const user = randomUUID();
      hub.subscribe(user, (e) => seen.push(e.notification.title));
      // The server ends the listening connection (a restart, a failover): the hub listens again on its own.
      const ended = await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like 'listen %'`,
        [name],
      );
      expect(ended.rowCount).toBe(1);
      await new Promise((r) => setTimeout(r, PostgresHub.RECONNECT_MS + 700));
      await hub.publish(event(user, 'after the drop'));
      await settle();
      expect(seen).toEqual(['after the drop']);
    } finally {
      await hub.close();
      await pool.end();
    }
  });
});
