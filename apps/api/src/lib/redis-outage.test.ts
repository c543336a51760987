import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { createTestApp, type TestApp } from '../test/test-app';
import { FallbackCounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store';

/**
 * Redis down must not stop sign-in (the attack run saw 6 of 7 sign-ins answer 500 with Redis stopped for 20 s):
 * counters fall back to per-process memory while Redis is away, logged once, and go back to Redis when it returns.
 * Each test runs its own redis-server on a free port, stopped and started again by the test.
 */

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  for (let i = 0; i < 50; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on ${port}`);
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('FallbackCounterStore', () => {
  let port: number;
  let server: ChildProcess | undefined;
  let redis: Redis;
  const logs: string[] = [];
  let store: FallbackCounterStore;

  beforeAll(async () => {
    port = await freePort();
    server = await startRedis(port);
    redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 2, commandTimeout: 1_000 });
    redis.on('error', () => undefined);
    await until(() => redis.status === 'ready');
    store = new FallbackCounterStore(redis, new RedisCounterStore(redis, 'outage:'), new MemoryCounterStore(), {
      warn: (_o, msg) => logs.push(`warn: ${msg}`),
      info: (msg) => logs.push(`info: ${msg}`),
    });
  });
  afterAll(async () => {
    redis?.disconnect();
    if (server) await stopRedis(server);
  });

  it('counts in Redis, in memory while Redis is down (logged once), and in Redis again when it returns', async () => {
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect(await redis.get('outage:counter:k')).toBe('1');
    expect(store.inMemory).toBe(false);

    await stopRedis(server!);
    await until(() => redis.status !== 'ready');
    const started = Date.now();
    for (let i = 1; i <= 5; i++) expect((await store.hit('k', 60_000)).count).toBe(i);
    // Answered from memory at once, not after retries.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.inMemory).toBe(true);
    expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1);

    server = await startRedis(port);
    await until(() => redis.status === 'ready');
    expect(store.inMemory).toBe(false);
    expect((await store.hit('k2', 60_000)).count).toBe(1);
    expect(await redis.get('outage:counter:k2')).toBe('1');
    expect(logs).toEqual([
      'warn: Redis is unavailable: rate limits and throttles count in this process only until it returns',
      'info: Redis is back: rate limits and throttles are shared again',
    ]);
  });
});

describe('the app with Redis away', () => {
  let t: TestApp;
  let port: number;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    // Pointed at a port nobody listens on: the app must start and serve.
    port = await freePort();
    t = await createTestApp({ config: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: 'outage-app:' } });
  });
  afterAll(async () => {
    await t?.close();
    if (server) await stopRedis(server);
  });

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auths/login', payload: { email, password }, remoteAddress: ip });

  it('signs in, still throttles wrong passwords and rate-limits routes, then shares counts once Redis is up', async () => {
    expect((await login('user@example.com', 'Demo1234!', '10.77.0.1')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login('shipper@example.com', 'wrong-password', '10.77.0.2')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const token = (await login('subadmin@example.com', 'Demo1234!', '10.77.0.3')).json().data.accessToken as string;
    const limited: number[] = [];
    // users/check-password allows 20 a minute (per route, counted by the app's counters).
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/check-password',
        headers: { 'x-access-Token': token },
        payload: { password: 'Demo1234!' },
        remoteAddress: '10.77.0.4',
      });
      limited.push(res.statusCode);
    }
    expect(limited.filter((s) => s >= 500)).toEqual([]);
    expect(limited.at(-1)).toBe(429);

    server = await startRedis(port);
    const probe = new Redis(port, '127.0.0.1');
    try {
      await until(async () => {
        await login('mailbox@example.com', 'wrong-password', '10.77.0.5');
        return (await probe.keys('outage-app:counter:*')).length > 0;
      });
    } finally {
      probe.disconnect();
    }
    expect((await login('user@example.com', 'Demo1234!', '10.77.0.6')).statusCode).toBe(200);
  });
});
