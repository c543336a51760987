import type { Redis } from 'ioredis';
import { type NotificationHub } from './hub';
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
export declare const notificationHubPlugin: import("fastify").FastifyPluginCallback<{
    redis?: Redis | undefined;
    hub?: NotificationHub;
}, import("fastify").RawServerDefault, import("fastify").FastifyTypeProviderDefault, import("fastify").FastifyBaseLogger>;
