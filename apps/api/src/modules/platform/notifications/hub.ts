import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { PushedNotification } from '@postwise/shared/mail-api';

/** What an open browser receives on GET notifications/stream. */
export interface PushEvent {
  userId: string;
  type: 'notification';
  notification: PushedNotification;
}

export type PushListener = (event: PushEvent) => void;

/**
 * Live fan-out of notifications to the open event streams of every API process: Redis pub/sub when REDIS_URL is
 * set, PostgreSQL LISTEN/NOTIFY on node-postgres, in-process for the embedded PGlite (one process by design).
 * A publisher never delivers locally by itself: every process (itself included) gets the event back from the bus,
 * so each stream sees it exactly once.
 */
export interface NotificationHub {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(event: PushEvent): Promise<void>;
  subscribe(userId: string, listener: PushListener): () => void;
  close(): Promise<void>;
}

export const PUSH_CHANNEL = 'postwise_notifications';

class LocalListeners {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open browser tab; the default cap of 10 would warn on a busy process.
    this.emitter.setMaxListeners(0);
  }
  add(userId: string, listener: PushListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
  deliver(event: PushEvent): void {
    this.emitter.emit(event.userId, event);
  }
  deliverRaw(raw: string): void {
    try {
      const event = JSON.parse(raw) as PushEvent;
      if (event && typeof event.userId === 'string') this.deliver(event);
    } catch {
      // A foreign message on the channel is ignored.
    }
  }
}

export class MemoryHub implements NotificationHub {
  readonly kind = 'memory' as const;
  private readonly local = new LocalListeners();
  async publish(event: PushEvent) {
    this.local.deliver(event);
  }
  subscribe(userId: string, listener: PushListener) {
    return this.local.add(userId, listener);
  }
  async close() {}
}

/**
 * LISTEN on a dedicated connection of its own (opened with the pool's settings, outside the pool: it takes none of
 * the pool's slots and never keeps the pool from ending); NOTIFY through any pooled connection. A listening
 * connection that drops is opened again after RECONNECT_MS.
 */
export class PostgresHub implements NotificationHub {
  readonly kind = 'postgres' as const;
  private readonly local = new LocalListeners();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  static readonly RECONNECT_MS = 2_000;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (msg) => {
      if (msg.channel === PUSH_CHANNEL && msg.payload) this.local.deliverRaw(msg.payload);
    });
    client.on('error', (err) => {
      this.onError(err);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${PUSH_CHANNEL}`);
    } catch (err) {
      // The database is not there (yet): the app starts anyway and listens once it answers.
      this.onError(err as Error);
      this.reconnect(client);
    }
  }

  private reconnect(from: pg.Client): void {
    if (this.closed || this.client !== from || this.retry) return;
    this.client = undefined;
    from.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.closed) this.start().catch((err: Error) => this.onError(err));
    }, PostgresHub.RECONNECT_MS);
    this.retry.unref();
  }

  async publish(event: PushEvent) {
    // NOTIFY payloads are limited to 8000 bytes; a notification is far below that.
    await this.pool.query('select pg_notify($1, $2)', [PUSH_CHANNEL, JSON.stringify(event)]);
  }
  subscribe(userId: string, listener: PushListener) {
    return this.local.add(userId, listener);
  }
  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** A subscriber connection (a Redis connection in subscribe mode cannot run other commands) plus the shared one. */
export class RedisHub implements NotificationHub {
  readonly kind = 'redis' as const;
  private readonly local = new LocalListeners();
  private readonly subscriber: Redis;
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
  ) {
    this.channel = `${keyPrefix}${PUSH_CHANNEL}`;
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (channel, message) => {
      if (channel === this.channel) this.local.deliverRaw(message);
    });
  }

  /**
   * Subscribes now when Redis answers, and again each time the connection is ready: a start while Redis is away
   * does not fail the app, and pushes resume when it returns (publishing meanwhile fails, and is logged).
   */
  async start(): Promise<void> {
    const subscribe = () => this.subscriber.subscribe(this.channel).then(() => undefined);
    this.subscriber.on('ready', () => void subscribe().catch(() => undefined));
    this.subscriber.on('error', () => undefined);
    await subscribe().catch(() => undefined);
  }
  async publish(event: PushEvent) {
    await this.redis.publish(this.channel, JSON.stringify(event));
  }
  subscribe(userId: string, listener: PushListener) {
    return this.local.add(userId, listener);
  }
  async close() {
    await this.subscriber.quit().catch(() => undefined);
  }
}
