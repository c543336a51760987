import { referredClientListQuerySchema } from '@postwise/shared/schemas/admin';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema/users';
import { failures, ok, pageSchema, successSchema } from '../../lib/envelope';
import { forbidden, notFound } from '../../lib/errors';
import { getAuth, requireAuth } from '../../plugins/authentication';
import { findUserById } from '../users/service';
import { managedUserDetailSchema, managedUserItemSchema } from '../managed-users/managed-user-schema';
import { listManagedUsers, loadManagedDetail, userSearch } from '../managed-users/service';

const security = [{ accessToken: [] }];

/** Referred clients need a SUB_ADMIN flagged isSuperSubAdmin (spec 2.3, 2.4, 6). */
async function requireSuperSubAdmin(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  const me = getAuth(request).user;
  if (me.roleCode !== 'SUB_ADMIN' || !me.isSuperSubAdmin) throw forbidden();
}

/** Accounts (sub-admins and customers) that registered through the super sub-admin's invitation link. */
export const referredClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referred-clients',
    {
      onRequest: [requireSuperSubAdmin],
      schema: {
        tags: ['referred-clients'],
        summary: "The super sub-admin's referred clients: paged, searchable, filtered by role and status",
        security,
        querystring: referredClientListQuerySchema,
        response: { 200: pageSchema(managedUserItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const me = getAuth(request).user;
      const { pageNo, pageSize, search, status, role } = request.query;
      const where = and(
        eq(users.referredByUserId, me.id),
        role ? eq(users.roleCode, role) : inArray(users.roleCode, ['SUB_ADMIN', 'USER']),
        userSearch(search),
        status ? eq(users.status, status) : undefined,
      );
      return listManagedUsers(app.db, { pageNo, pageSize }, where, { withCounts: role === 'SUB_ADMIN' });
    },
  );

  app.get(
    '/referred-clients/:id',
    {
      onRequest: [requireSuperSubAdmin],
      schema: {
        tags: ['referred-clients'],
        summary: 'A referred client of the super sub-admin',
        security,
        params: z.object({ id: z.uuid('Referred client id is invalid.') }),
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const me = getAuth(request).user;
      const target = await findUserById(app.db, request.params.id);
      if (!target || target.roleCode === 'SUPER_ADMIN') throw notFound();
      if (target.referredByUserId !== me.id) throw forbidden();
      return ok(await loadManagedDetail(app.db, target));
    },
  );
};
