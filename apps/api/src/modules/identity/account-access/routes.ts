import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { actorOf } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { userSchema } from '../users/user-schema';
import { accessAccount, revertAccess } from './access-account';

const security = [{ accessToken: [] }];
const accessResultSchema = z.object({ accessToken: z.string(), user: userSchema }).meta({ id: 'AccessAccountResult' });

export const accountAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auths/access-account/:userId',
    {
      onRequest: [requireAudience('accounts.access')],
      config: { rateLimit: perUserRateLimit(60, '1 minute') },
      schema: {
        tags: ['auths'],
        summary: 'Access a managed account (impersonation): a session for that account, recording who acts',
        security,
        params: z.object({ userId: z.uuid('User id is invalid.') }),
        response: { 200: successSchema(accessResultSchema), ...failures(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) =>
      ok(
        await accessAccount(app, actorOf(request), {
          targetId: request.params.userId,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.post(
    '/auths/revert',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['auths'],
        summary: 'End the current account-access session (back to the previous account on the client stack)',
        security,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 409) },
      },
    },
    async (request) => {
      await revertAccess(app, actorOf(request));
      return ok(null);
    },
  );
};
