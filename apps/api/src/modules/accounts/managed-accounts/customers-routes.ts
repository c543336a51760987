import { addCustomerSchema, customerListQuerySchema, updateManagedUserSchema } from '@postwise/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { getMySubscription, mySubscriptionSchema } from '../../billing';
import {
  actorOf,
  loadManaged,
  managedUserDetailSchema,
  managedUserItemSchema,
  requireAudience,
  requireManagedParam,
} from '../../identity';
import { inviteAccount } from './invite';
import { loadCustomer } from './load-customer';
import { listCustomers, loadManagedDetail } from './service';
import { updateManagedUser } from './update';

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
    async (request) => listCustomers(app.db, actorOf(request), request.query),
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
      const id = await inviteAccount(app, actorOf(request), {
        ...request.body,
        role: 'USER',
        parentUserId: actor.userId,
      });
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
      await updateManagedUser(app, actorOf(request), target, request.body);
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
