import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reachableRedis } from '../test/reachable-services';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store';

/** The behaviour every CounterStore must have; `wait` lets the window end. */
async function expectCounterBehaviour(store: CounterStore, wait: (ms: number) => Promise<void>) {
  const key = `test:${randomBytes(4).toString('hex')}`;
  expect(await store.peek(key)).toEqual({ count: 0, resetInMs: 0 });

  expect((await store.hit(key, 300)).count).toBe(1);
  const second = await store.hit(key, 300);
  expect(second.count).toBe(2);
  expect(second.resetInMs).toBeGreaterThan(0);
  expect(second.resetInMs).toBeLessThanOrEqual(300);
  expect((await store.peek(key)).count).toBe(2);

  await store.reset(key);
  expect((await store.peek(key)).count).toBe(0);

  await store.hit(key, 300);
  await wait(350); // the window is fixed from the first hit and then ends
  expect((await store.peek(key)).count).toBe(0);
  expect((await store.hit(key, 300)).count).toBe(1);
}

describe('CounterStore', () => {
  it('memory: counts hits in a fixed window, resets, and forgets after the window', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    await expectCounterBehaviour(store, async (ms) => {
      now += ms;
    });
  });

  it('redis (when one is reachable, else memory again): the same behaviour, shared through Redis', async () => {
    const redis = await reachableRedis();
    if (!redis) {
      // No Redis on this machine: the memory store stands in so the contract is still exercised.
      await expectCounterBehaviour(new MemoryCounterStore(), (ms) => new Promise((r) => setTimeout(r, ms)));
      return;
    }
    const prefix = `postwise-test:${randomBytes(6).toString('hex')}:`;
    try {
      const store = new RedisCounterStore(redis, prefix);
      await expectCounterBehaviour(store, (ms) => new Promise((r) => setTimeout(r, ms)));
      // A second process sees the same counts.
      const other = new RedisCounterStore(redis.duplicate(), prefix);
      await store.hit('shared', 10_000);
      expect((await other.peek('shared')).count).toBe(1);
      await store.reset('shared');
    } finally {
      redis.disconnect();
    }
  });
});
