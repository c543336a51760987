import { PUSH_MESSAGES, pushSubscriptionSchema } from '@postwise/shared/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { appError, API_ERROR_CODES } from '../../../lib/errors';
import { getAuth, requireAudience } from '../../identity';
import { subscribe, unsubscribe } from './service';

const security = [{ accessToken: [] }];

const subscriptionInfoSchema = z
  .object({ id: z.string(), endpoint: z.string(), createdAt: z.string() })
  .meta({ id: 'PushSubscriptionInfo' });

/** Web Push: the key to subscribe with, and this device's opt-in and opt-out. Every signed-in user, their own. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const notConfigured = () => appError(API_ERROR_CODES.UNAVAILABLE, PUSH_MESSAGES.notConfigured);

  app.get(
    '/push/vapid-public-key',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key: the applicationServerKey a browser subscribes with',
        security,
        response: {
          200: successSchema(z.object({ publicKey: z.string() })),
          ...failures(401, 403, 503),
        },
      },
    },
    async () => {
      if (!app.push.publicKey) throw notConfigured();
      return ok({ publicKey: app.push.publicKey });
    },
  );

  app.post(
    '/push-subscriptions',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['push'],
        summary: 'Receive push notifications on this device (the body is PushSubscription.toJSON())',
        description:
          'Which events arrive follows the `push` choices of the notification preferences. Subscribing an ' +
          'endpoint again updates it. A subscription the push service reports gone (404/410) is dropped.',
        security,
        body: pushSubscriptionSchema({ allowHttp: !app.config.push.guardTargets }),
        response: {
          201: successSchema(subscriptionInfoSchema),
          ...failures(401, 403, 422, 503),
        },
      },
    },
    async (request, reply) => {
      if (!app.push.publicKey) throw notConfigured();
      const info = await subscribe(
        app.db,
        getAuth(request).user.id,
        request.body,
        request.headers['user-agent'],
        app.config.now(),
      );
      return reply.status(201).send(ok(info, PUSH_MESSAGES.subscribed));
    },
  );

  app.delete(
    '/push-subscriptions/:id',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['push'],
        summary: 'Stop push notifications on a device of mine',
        security,
        params: z.object({ id: z.string() }),
        response: {
          200: successSchema(subscriptionInfoSchema),
          ...failures(401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(await unsubscribe(app.db, getAuth(request).user.id, request.params.id), PUSH_MESSAGES.unsubscribed),
  );
};
