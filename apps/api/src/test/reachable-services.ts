import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../config';

/**
 * Servers a test may use when this machine has them: each answers within half a second or counts as absent, so a
 * test without them falls back instead of waiting.
 */

/** A connected Redis: REDIS_URL, else the local one when it answers a ping quickly; undefined when none answers. */
export async function reachableRedis(): Promise<Redis | undefined> {
  const redis = new Redis(loadConfig().redisUrl ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

/** The URL of a PostgreSQL that accepts a connection: the test or app database, else the local default one. */
export async function reachablePostgres(): Promise<string | undefined> {
  const config = loadConfig();
  const url = config.testDatabaseUrl ?? config.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}
