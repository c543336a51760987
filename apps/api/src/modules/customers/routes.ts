import { addCustomerSchema, customerListQuerySchema, updateManagedUserSchema } from '@postwise/shared/schemas/admin';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/users';
import { failures, ok, pageSchema, successSchema } from '../../lib/envelope';
import { getAuth, requireRole } from '../../plugins/authentication';
import { requireManagedParam } from '../account-access/tenancy';
import { loadCustomer } from './service';
import { getMySubscription } from '../subscriptions/service';
import { mySubscriptionSchema } from '../subscriptions/subscription-schema';
import { loadManaged } from '../account-access/tenancy';
import { inviteAccount } from '../managed-users/invite';
import { managedUserDetailSchema, managedUserItemSchema } from '../managed-users/managed-user-schema';
import { listManagedUsers, loadManagedDetail, userSearch } from '../managed-users/service';
import { updateManagedUser } from '../managed-users/update';

const security = [{ accessToken: [] }];
const admins = requireRole('SUPER_ADMIN', 'SUB_ADMIN');
const idParams = z.object({ id: z.uuid('Customer id is invalid.') });

/** Customers (role USER): the super admin sees all, a sub-admin only their own (parent_user_id), in SQL. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      onRequest: [admins],
      schema: {
        tags: ['customers'],
        summary: 'Customers the caller manages: paged, searchable by name or e-mail, filtered by status and type',
        security,
        querystring: customerListQuerySchema,
        response: { 200: pageSchema(managedUserItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const me = getAuth(request).user;
      const { pageNo, pageSize, search, status, accountType } = request.query;
      const where = and(
        eq(users.roleCode, 'USER'),
        me.roleCode === 'SUPER_ADMIN' ? undefined : eq(users.parentUserId, me.id),
        userSearch(search),
        status ? eq(users.status, status) : undefined,
        accountType ? eq(users.accountType, accountType) : undefined,
      );
      return listManagedUsers(app.db, { pageNo, pageSize }, where);
    },
  );

  app.post(
    '/customers',
    {
      onRequest: [admins],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['customers'],
        summary: 'Add a customer: the account is created invited and the person is e-mailed a link to finish it',
        security,
        body: addCustomerSchema,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      const me = getAuth(request).user;
      const id = await inviteAccount(app, request, { ...request.body, role: 'USER', parentUserId: me.id });
      return ok(await loadManagedDetail(app.db, await loadCustomer(app.db, me, id)));
    },
  );

  app.get(
    '/customers/:id',
    {
      onRequest: [admins],
      schema: {
        tags: ['customers'],
        summary: 'A customer the caller manages: account, profiles and statuses, mailbox',
        security,
        params: idParams,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await loadCustomer(app.db, getAuth(request).user, request.params.id);
      return ok(await loadManagedDetail(app.db, target));
    },
  );

  app.put(
    '/customers/:id',
    {
      onRequest: [admins],
      preValidation: [requireManagedParam('id')],
      schema: {
        tags: ['customers'],
        summary: 'Edit a customer, or activate / deactivate it',
        security,
        params: idParams,
        body: updateManagedUserSchema,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const me = getAuth(request).user;
      const target = await loadCustomer(app.db, me, request.params.id);
      await updateManagedUser(app, request, target, request.body);
      return ok(await loadManagedDetail(app.db, await loadCustomer(app.db, me, target.id)));
    },
  );

  app.get(
    '/users/:userId/subscription',
    {
      onRequest: [admins],
      schema: {
        tags: ['customers'],
        summary: 'The subscription of an account the caller manages (customer or sub-admin detail page)',
        security,
        params: z.object({ userId: z.uuid('User id is invalid.') }),
        response: { 200: successSchema(mySubscriptionSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await loadManaged(app.db, getAuth(request).user, request.params.userId);
      return ok(await getMySubscription(app.db, target.id));
    },
  );
};
