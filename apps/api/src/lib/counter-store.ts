import type { Redis } from 'ioredis';

export interface CounterState {
  count: number;
  /** Milliseconds until the window ends (0 when no counter exists). */
  resetInMs: number;
}

/**
 * Fixed-window counters shared by every API process (failed sign-ins and similar limits).
 * Redis when REDIS_URL is set, memory otherwise.
 */
export interface CounterStore {
  /** Adds one; the window starts at the first hit and the counter disappears when it ends. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.counters.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const entry = this.live(key) ?? { count: 0, expiresAt: this.now() + windowMs };
    entry.count += 1;
    this.counters.set(key, entry);
    return { count: entry.count, resetInMs: entry.expiresAt - this.now() };
  }

  async peek(key: string): Promise<CounterState> {
    const entry = this.live(key);
    return entry ? { count: entry.count, resetInMs: entry.expiresAt - this.now() } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'postwise:',
  ) {}

  private key(key: string) {
    return `${this.prefix}counter:${key}`;
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    // INCR and PEXPIRE in one atomic script: only the first hit of a window sets the expiry (a fixed window),
    // and no crash between the two can leave a counter without expiry. Works on Redis 6 and 7.
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), windowMs)) as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<CounterState> {
    const k = this.key(key);
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}
