import { referredClientListQuerySchema } from '@postwise/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { forbidden } from '../../../lib/errors';
import { actorOf, loadManaged, managedUserDetailSchema, managedUserItemSchema, requireAudience } from '../../identity';
import { listReferredClients, loadManagedDetail } from './service';

const security = [{ accessToken: [] }];

/** Accounts (sub-admins and customers) that registered through the super sub-admin's invitation link. */
export const referredClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referred-clients',
    {
      onRequest: [requireAudience('referred-clients.read')],
      schema: {
        tags: ['referred-clients'],
        summary: "The super sub-admin's referred clients: paged, searchable, filtered by role and status",
        security,
        querystring: referredClientListQuerySchema,
        response: { 200: pageSchema(managedUserItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listReferredClients(app.db, actorOf(request), request.query),
  );

  app.get(
    '/referred-clients/:id',
    {
      onRequest: [requireAudience('referred-clients.read')],
      schema: {
        tags: ['referred-clients'],
        summary: 'A referred client of the super sub-admin',
        security,
        params: z.object({ id: z.uuid('Referred client id is invalid.') }),
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const target = await loadManaged(app.db, actor, request.params.id);
      // Managed but not referred (an own customer, a referred sub-admin's customer): not on this page.
      if (target.referredByUserId !== actor.userId) throw forbidden();
      return ok(await loadManagedDetail(app.db, target));
    },
  );
};
