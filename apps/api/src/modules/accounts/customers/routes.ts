import { addCustomerSchema, customerListQuerySchema, updateManagedUserSchema } from '@postwise/shared/schemas/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../identity';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { actorOf } from '../../identity';
import { callerMay, requireAudience, requireManagedParam } from '../../identity';
import { loadCustomer } from './service';
import { getMySubscription } from '../../billing';
import { mySubscriptionSchema } from '../../billing';
import { loadManaged, managedUsersFilterPrepared } from '../../identity';
import { inviteAccount } from '../managed-accounts/invite';
import { managedUserDetailSchema, managedUserItemSchema } from '../../identity';
import { listManagedUsers, loadManagedDetail } from '../managed-accounts/service';
import { updateManagedUser } from '../managed-accounts/update';

const security = [{ accessToken: [] }];
const idParams = z.object({ id: z.uuid('Customer id is invalid.') });

/** Customers (role USER): the super admin sees all, a sub-admin only their own (parent_user_id), in SQL. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      onRequest: [requireAudience('customers.read')],
      schema: {
        tags: ['customers'],
        summary: 'Customers the caller manages: paged, searchable by name or e-mail, filtered by status and type',
        security,
        querystring: customerListQuerySchema,
        response: { 200: pageSchema(managedUserItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { pageNo, pageSize, search, status, accountType } = request.query;
      // Within the tenancy, the Customers page lists the caller's own customers (referred ones have their page),
      // or every customer for whoever holds 'customers.all'.
      const all = callerMay(request, 'customers.all');
      const q = search?.trim();
      const p = sql.placeholder;
      return listManagedUsers(
        app.db,
        { pageNo, pageSize },
        {
          key: `customers:${actor.role}:${Number(actor.isSuperSubAdmin)}${Number(all)}:${Number(Boolean(status))}${Number(Boolean(accountType))}`,
          where: () =>
            and(
              eq(users.roleCode, 'USER'),
              managedUsersFilterPrepared(actor),
              all ? undefined : eq(users.parentUserId, p('actorId')),
              status ? eq(users.status, p('status')) : undefined,
              accountType ? eq(users.accountType, p('accountType')) : undefined,
            ),
          search: q,
          values: {
            actorId: actor.userId,
            ...(status ? { status } : {}),
            ...(accountType ? { accountType } : {}),
          },
        },
      );
    },
  );

  app.post(
    '/customers',
    {
      onRequest: [requireAudience('customers.write')],
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
      const actor = actorOf(request);
      const id = await inviteAccount(app, request, { ...request.body, role: 'USER', parentUserId: actor.userId });
      return ok(await loadManagedDetail(app.db, await loadCustomer(app.db, actor, id)));
    },
  );

  app.get(
    '/customers/:id',
    {
      onRequest: [requireAudience('customers.read')],
      schema: {
        tags: ['customers'],
        summary: 'A customer the caller manages: account, profiles and statuses, mailbox',
        security,
        params: idParams,
        response: { 200: successSchema(managedUserDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await loadCustomer(app.db, actorOf(request), request.params.id);
      return ok(await loadManagedDetail(app.db, target));
    },
  );

  app.put(
    '/customers/:id',
    {
      onRequest: [requireAudience('customers.write')],
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
      const actor = actorOf(request);
      const target = await loadCustomer(app.db, actor, request.params.id);
      await updateManagedUser(app, request, target, request.body);
      return ok(await loadManagedDetail(app.db, await loadCustomer(app.db, actor, target.id)));
    },
  );

  app.get(
    '/accounts/:userId/subscription',
    {
      onRequest: [requireAudience('accounts.read')],
      schema: {
        tags: ['customers'],
        summary: 'The subscription of an account the caller manages (customer or sub-admin detail page)',
        security,
        params: z.object({ userId: z.uuid('User id is invalid.') }),
        response: { 200: successSchema(mySubscriptionSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await loadManaged(app.db, actorOf(request), request.params.userId);
      return ok(await getMySubscription(app.db, target.id));
    },
  );
};
