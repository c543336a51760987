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

interface FallbackLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/**
 * Redis counters that keep working while Redis is away: each call goes to Redis when its connection is ready and
 * answers, else to per-process memory, so sign-in throttles, code limits and rate limits still hold (per process
 * rather than shared) instead of failing every request with 500. The switch is logged once each way; counts made
 * in memory during an outage are not carried over to Redis when it returns.
 */
export class FallbackCounterStore implements CounterStore {
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly primary: CounterStore,
    private readonly memory: CounterStore,
    private readonly log: FallbackLog,
  ) {
    redis.on('ready', () => this.recovered());
  }

  /** True while counting in memory (Redis away). */
  get inMemory(): boolean {
    return this.degraded;
  }

  private fellBack(err?: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { err },
      'Redis is unavailable: rate limits and throttles count in this process only until it returns',
    );
  }

  private recovered() {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('Redis is back: rate limits and throttles are shared again');
  }

  private async run<T>(op: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.redis.status === 'ready') {
      try {
        const result = await op(this.primary);
        this.recovered();
        return result;
      } catch (err) {
        this.fellBack(err);
      }
    } else {
      this.fellBack();
    }
    return op(this.memory);
  }

  hit(key: string, windowMs: number): Promise<CounterState> {
    return this.run((s) => s.hit(key, windowMs));
  }

  peek(key: string): Promise<CounterState> {
    return this.run((s) => s.peek(key));
  }

  reset(key: string): Promise<void> {
    return this.run((s) => s.reset(key));
  }
}

/**
 * A store for @fastify/rate-limit counted by a CounterStore, so the per-route limits fall back to memory with the
 * rest when Redis is away (the plugin's own Redis store fails every request then). Fixed windows, like its
 * Redis store without continueExceeding or exponentialBackoff (no route uses them).
 */
export function rateLimitStore(counters: CounterStore, prefix = 'rate-limit:') {
  type Done = (err: Error | null, result?: { current: number; ttl: number }) => void;
  class CounterRateLimitStore {
    constructor(
      _options?: unknown,
      readonly keyPrefix = prefix,
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      counters.hit(`${this.keyPrefix}${key}`, timeWindow).then(
        (s) => done(null, { current: s.count, ttl: s.resetInMs }),
        (err: Error) => done(err),
      );
    }

    read(key: string, done: Done) {
      counters.peek(`${this.keyPrefix}${key}`).then(
        (s) => done(null, { current: s.count, ttl: s.resetInMs }),
        (err: Error) => done(err),
      );
    }

    /** One counter space per route, as the plugin's Redis store keys them (method and URL). */
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      return new CounterRateLimitStore(undefined, `${this.keyPrefix}${routeInfo?.method}${routeInfo?.url}-`);
    }
  }
  return CounterRateLimitStore;
}
