import type { OutgoingHttpHeaders } from 'node:http';
import { notificationsReadSchema } from '@postwise/shared/schemas/mail';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { getAuth, requireAudience } from '../../identity';
import { notificationSchema } from './notification-schema';
import { countUnread, listNotifications, markRead } from './service';

const security = [{ accessToken: [] }];
/** Keeps proxies from closing an idle stream and lets the browser notice a dead one. */
const HEARTBEAT_MS = 25_000;

/** Notifications: every signed-in user, their own only. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams, ended when the server closes (deploy, shutdown) so close() does not wait for them.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/notifications',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count (the bell)',
        security,
        querystring: pageQuerySchema.extend({ unread: z.stringbool().optional() }),
        response: {
          200: z.object({
            isSuccess: z.literal(true),
            items: z.array(notificationSchema),
            pageNo: z.number().int(),
            pageSize: z.number().int(),
            total: z.number().int(),
            unreadCount: z.number().int(),
          }),
          ...failures(401, 403, 422),
        },
      },
    },
    async (request) =>
      listNotifications(app.db, getAuth(request).user.id, request.query, request.query.unread === true),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['notifications'],
        summary: 'Mark some ({ids}) or all ({all: true}) of my notifications read; answers the unread count',
        security,
        body: notificationsReadSchema,
        response: {
          200: z.object({ isSuccess: z.literal(true), data: z.object({ unreadCount: z.number().int() }) }),
          ...failures(401, 403, 422),
        },
      },
    },
    async (request) =>
      ok({ unreadCount: await markRead(app.db, getAuth(request).user.id, request.body, app.config.now()) }),
  );

  app.get(
    '/notifications/stream',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['notifications'],
        summary:
          'Server-Sent Events: `ready` with the unread count, then one `notification` event per new notification',
        description:
          'Authenticated with the x-access-Token header like every call (open it with fetch() and read the ' +
          'body stream; a token is never put in a URL). Works across API processes: Redis pub/sub when ' +
          'REDIS_URL is set, PostgreSQL LISTEN/NOTIFY otherwise.',
        security,
        response: {
          200: fileAnswer('Server-Sent Events: `ready`, then one `notification` event each', ['text/event-stream']),
          ...failures(401, 403),
        },
      },
    },
    async (request, reply) => {
      const userId = getAuth(request).user.id;
      const unread = await countUnread(app.db, userId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The security headers and request id set so far (onRequest hooks), then the stream's own.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ unreadCount: unread })}\n\n`);
      const unsubscribe = app.notificationHub.subscribe(userId, (event) => {
        res.write(`id: ${event.notification.id}\nevent: notification\ndata: ${JSON.stringify(event.notification)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        unsubscribe();
        res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
};
