import type { Redis } from 'ioredis';
import pg from 'pg';
/** What an open browser receives on GET notifications/stream. */
export interface PushEvent {
    userId: string;
    type: 'notification';
    notification: {
        id: string;
        kind: string;
        title: string;
        body: string;
        link: string | null;
        createdAt: string;
    };
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
export declare const PUSH_CHANNEL = "postwise_notifications";
export declare class MemoryHub implements NotificationHub {
    readonly kind: "memory";
    private readonly local;
    publish(event: PushEvent): Promise<void>;
    subscribe(userId: string, listener: PushListener): () => void;
    close(): Promise<void>;
}
/**
 * LISTEN on a dedicated connection of its own (opened with the pool's settings, outside the pool: it takes none of
 * the pool's slots and never keeps the pool from ending); NOTIFY through any pooled connection. A listening
 * connection that drops is opened again after RECONNECT_MS.
 */
export declare class PostgresHub implements NotificationHub {
    private readonly pool;
    private readonly onError;
    readonly kind: "postgres";
    private readonly local;
    private client;
    private closed;
    private retry;
    static readonly RECONNECT_MS = 2000;
    constructor(pool: pg.Pool, onError?: (err: Error) => void);
    start(): Promise<void>;
    private reconnect;
    publish(event: PushEvent): Promise<void>;
    subscribe(userId: string, listener: PushListener): () => void;
    close(): Promise<void>;
}
/** A subscriber connection (a Redis connection in subscribe mode cannot run other commands) plus the shared one. */
export declare class RedisHub implements NotificationHub {
    private readonly redis;
    readonly kind: "redis";
    private readonly local;
    private readonly subscriber;
    private readonly channel;
    constructor(redis: Redis, keyPrefix: string);
    start(): Promise<void>;
    publish(event: PushEvent): Promise<void>;
    subscribe(userId: string, listener: PushListener): () => void;
    close(): Promise<void>;
}
