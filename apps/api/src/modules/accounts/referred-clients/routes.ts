import { referredClientListQuerySchema } from '@postwise/shared/schemas/admin';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../identity';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { forbidden } from '../../../lib/errors';
import { actorOf } from '../../identity';
import { requireAudience } from '../../identity';
import { loadManaged } from '../../identity';
import { managedUserDetailSchema, managedUserItemSchema } from '../../identity';
import { listManagedUsers, loadManagedDetail } from '../managed-accounts/service';

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
    async (request) => {
      const actor = actorOf(request);
      const { pageNo, pageSize, search, status, role } = request.query;
      // Referred by the actor is the tenancy rule's own branch for a super sub-admin (the audience guarantees
      // one), so the list filters on it alone: the whole rule's OR with its EXISTS would keep PostgreSQL off the
      // (referred_by_user_id, created_at, id) index and read every referred row for a deep page.
      const q = search?.trim();
      const p = sql.placeholder;
      return listManagedUsers(
        app.db,
        { pageNo, pageSize },
        {
          key: `referred-clients:${role ?? 'any'}:${Number(Boolean(status))}`,
          where: () =>
            and(
              eq(users.referredByUserId, p('actorId')),
              ne(users.id, p('actorId')),
              role ? eq(users.roleCode, p('role')) : inArray(users.roleCode, ['SUB_ADMIN', 'USER']),
              status ? eq(users.status, p('status')) : undefined,
            ),
          search: q,
          values: {
            actorId: actor.userId,
            ...(role ? { role } : {}),
            ...(status ? { status } : {}),
          },
        },
        { withCounts: role === 'SUB_ADMIN' },
      );
    },
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
