import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { actorOf, requireAudience } from '../../identity';
import { planUsageOf, subAdminDashboard } from './service';

const security = [{ accessToken: [] }];

const planUsageSchema = z.object({
  planName: z.string().nullable(),
  storesLimit: z.number().int().nullable(),
  storesUsed: z.number().int(),
  mailboxesLimit: z.number().int().nullable(),
  mailboxesUsed: z.number().int(),
});

export const planUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plan-usage',
    {
      onRequest: [requireAudience('plan-usage.read')],
      schema: {
        tags: ['plans'],
        summary: "The sub-admin's plan limits (numberOfStores, numberOfMailboxes) and their usage",
        security,
        response: { 200: successSchema(planUsageSchema), ...failures(401, 403) },
      },
    },
    async (request) => ok(await planUsageOf(app.db, actorOf(request).userId)),
  );

  app.get(
    '/dashboard/sub-admin',
    {
      onRequest: [requireAudience('payouts.read')],
      schema: {
        tags: ['dashboard'],
        summary: "The sub-admin dashboard's live figures",
        security,
        response: {
          200: successSchema(
            z.object({
              customers: z.number().int(),
              pendingApplications: z.number().int(),
              openMailRequests: z.number().int(),
              payoutSoFar: z.object({ periodStart: z.string(), periodEnd: z.string(), payoutCents: z.number().int() }),
              planUsage: planUsageSchema,
            }),
          ),
          ...failures(401, 403),
        },
      },
    },
    async (request) => ok(await subAdminDashboard(app.db, actorOf(request), app.config.now())),
  );
};
