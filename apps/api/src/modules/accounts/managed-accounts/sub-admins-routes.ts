import { addSubAdminSchema, subAdminListQuerySchema, updateManagedUserSchema } from '@postwise/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { notFound } from '../../../lib/errors';
import {
  actorOf,
  findUserById,
  managedUserDetailSchema,
  managedUserItemSchema,
  requireAudience,
  type UserRow,
} from '../../identity';
import { inviteAccount } from './invite';
import { listSubAdmins, loadManagedDetail } from './service';
import { updateManagedUser } from './update';

const security = [{ accessToken: [] }];
const idParams = z.object({ id: z.uuid('Sub admin id is invalid.') });

async function loadSubAdmin(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || row.roleCode !== 'SUB_ADMIN') throw notFound();
  return row;
}

/** Sub-admins (resellers): the super admin's list, invitations, detail and edits (spec 2.4, 6). */
export const subAdminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sub-admins',
    {
      onRequest: [requireAudience('sub-admins.read')],
      schema: {
        tags: ['sub-admins'],
        summary: 'Sub-admins: paged, searchable by name or e-mail, filtered by status and the super sub-admin flag',
        security,
        querystring: subAdminListQuerySchema,
        response: { 200: pageSchema(managedUserItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listSubAdmins(app.db, request.query),
  );

  app.post(
    '/sub-admins',
    {
      onRequest: [requireAudience('sub-admins.write')],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['sub-admins'],
        summary: 'Add a sub-admin: created invited, e-mailed a link to finish; optionally a super sub-admin',
        security,
        body: addSubAdminSchema,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      const id = await inviteAccount(app, actorOf(request), {
        ...request.body,
        role: 'SUB_ADMIN',
        parentUserId: actorOf(request).userId,
      });
      return ok(await loadManagedDetail(app.db, await loadSubAdmin(app.db, id)));
    },
  );

  app.get(
    '/sub-admins/:id',
    {
      onRequest: [requireAudience('sub-admins.read')],
      schema: {
        tags: ['sub-admins'],
        summary: 'A sub-admin: account, counts of customers, referred clients and stores',
        security,
        params: idParams,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await loadManagedDetail(app.db, await loadSubAdmin(app.db, request.params.id))),
  );

  app.put(
    '/sub-admins/:id',
    {
      onRequest: [requireAudience('sub-admins.write')],
      schema: {
        tags: ['sub-admins'],
        summary: 'Edit a sub-admin, activate / deactivate it, or flag it isSuperSubAdmin',
        security,
        params: idParams,
        body: updateManagedUserSchema,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await loadSubAdmin(app.db, request.params.id);
      await updateManagedUser(app, actorOf(request), target, request.body);
      return ok(await loadManagedDetail(app.db, await loadSubAdmin(app.db, target.id)));
    },
  );
};
