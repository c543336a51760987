import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { MemoryHub, type NotificationHub, PostgresHub, RedisHub } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live notification fan-out to open event streams (see hub.ts for the choice of bus). */
    notificationHub: NotificationHub;
  }
}

/**
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when the database is node-postgres, else
 * in-process (the embedded PGlite serves one process).
 */
export const notificationHubPlugin = fp<{ redis?: Redis | undefined; hub?: NotificationHub }>(
  async (app, opts) => {
    let hub: NotificationHub;
    const client = (app.db as unknown as { $client?: unknown }).$client;
    if (opts.hub) hub = opts.hub;
    else if (opts.redis) {
      const redisHub = new RedisHub(opts.redis, app.config.redisKeyPrefix);
      await redisHub.start();
      hub = redisHub;
    } else if (client instanceof pg.Pool) {
      const pgHub = new PostgresHub(client, (err) => app.log.error({ err }, 'notification listener connection error'));
      await pgHub.start();
      hub = pgHub;
    } else hub = new MemoryHub();
    app.decorate('notificationHub', hub);
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'notification-hub', dependencies: ['app-context'] },
);
