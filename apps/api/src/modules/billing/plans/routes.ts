import { PLAN_VALIDITIES } from '@postwise/shared/constants';
import { planInputSchema } from '@postwise/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { getAuth, requireAudience } from '../../identity';
import { planSchema } from './plan-schema';
import { archivePlan, createPlan, getPlanFor, listHomePlans, listPlansFor, updatePlan } from './service';

/** A whole list in the paged envelope (plans are fetched without server paging, spec 7/9). */
function wholeList<T>(items: T[]) {
  return { isSuccess: true as const, items, pageNo: 1, pageSize: items.length, total: items.length };
}

const security = [{ accessToken: [] }];
const audience = z.enum(['customer', 'sub_admin']);
const planId = z.object({ id: z.uuid('Plan id is invalid.') });

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans/home',
    {
      schema: {
        tags: ['plans'],
        summary: "The platform's customer plans and scan packages (public pricing)",
        querystring: z.object({
          validity: z.enum(PLAN_VALIDITIES).optional(),
          serverPaging: z.string().optional(),
        }),
        response: { 200: pageSchema(planSchema), ...failures(422) },
      },
    },
    async (request) => wholeList(await listHomePlans(app.db, request.query.validity)),
  );

  app.get(
    '/plans',
    {
      onRequest: [requireAudience('plans.read')],
      schema: {
        tags: ['plans'],
        summary: 'Plans for the caller: managed (admins) or for sale to them (customers, sub-admins buying)',
        description:
          'Super admin: the platform plans of `audience` (customer by default). Sub-admin: their own customer plans ' +
          '(mode=available), or with audience=sub_admin the plans the platform sells them. Customer: the plans they can buy.',
        security,
        querystring: z.object({
          validity: z.enum(PLAN_VALIDITIES).optional(),
          mode: z.literal('available').optional(),
          audience: audience.optional(),
          serverPaging: z.string().optional(),
        }),
        response: { 200: pageSchema(planSchema), ...failures(401, 422) },
      },
    },
    async (request) => wholeList(await listPlansFor(app.db, getAuth(request).user, request.query)),
  );

  app.get(
    '/plans/:id',
    {
      onRequest: [requireAudience('plans.read')],
      schema: {
        tags: ['plans'],
        summary: 'One plan (edit form, or a plan offered to the caller)',
        security,
        params: planId,
        response: { 200: successSchema(planSchema), ...failures(401, 404, 422) },
      },
    },
    async (request) => ok(await getPlanFor(app.db, getAuth(request).user, request.params.id)),
  );

  app.post(
    '/plans',
    {
      onRequest: [requireAudience('configuration.customer-plans')],
      schema: {
        tags: ['plans'],
        summary: 'Create a plan (super admin: customer or sub-admin plans; sub-admin: own customer plans)',
        security,
        body: planInputSchema.extend({ audience: audience.default('customer') }),
        response: { 200: successSchema(planSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { audience: kind, ...input } = request.body;
      return ok(await createPlan(app.db, getAuth(request).user, input, kind), 'Plan created successfully');
    },
  );

  app.put(
    '/plans/:id',
    {
      onRequest: [requireAudience('configuration.customer-plans')],
      schema: {
        tags: ['plans'],
        summary: 'Update a plan the caller manages',
        security,
        params: planId,
        body: planInputSchema,
        response: { 200: successSchema(planSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await updatePlan(app.db, getAuth(request).user, request.params.id, request.body), 'Plan updated successfully'),
  );

  app.delete(
    '/plans/:id',
    {
      onRequest: [requireAudience('configuration.customer-plans')],
      schema: {
        tags: ['plans'],
        summary: 'Archive a plan the caller manages (existing subscriptions keep it)',
        security,
        params: planId,
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await archivePlan(app.db, getAuth(request).user, request.params.id), 'Plan deleted'),
  );
};
