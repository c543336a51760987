import { OPEN_REQUEST_STATUSES } from '@postwise/shared/mail';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailRequests } from '../schema/mail';
import { profiles } from '../../identity';
import { stores } from '../schema/stores';
import { users } from '../../identity';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { getAuth } from '../../identity';
import { requireAudience } from '../../identity';
import { currentPeriodEstimate } from '../../billing';
import { planUsageOf } from './service';

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
    async (request) => ok(await planUsageOf(app.db, getAuth(request).user.id)),
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
    async (request) => {
      const me = getAuth(request).user.id;
      const db = app.db;
      const mine = and(eq(users.parentUserId, me), eq(users.roleCode, 'USER'));
      const [[customers], [pending], [open], payoutSoFar, planUsage] = await Promise.all([
        db.select({ n: count() }).from(users).where(mine),
        db
          .select({ n: count() })
          .from(users)
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(and(mine, eq(profiles.mailboxStatus, 'pending'))),
        db
          .select({ n: count() })
          .from(mailRequests)
          .innerJoin(stores, eq(stores.id, mailRequests.storeId))
          .where(and(eq(stores.ownerUserId, me), inArray(mailRequests.status, [...OPEN_REQUEST_STATUSES]))),
        currentPeriodEstimate(db, me, app.config.now()),
        planUsageOf(db, me),
      ]);
      return ok({
        customers: Number(customers?.n ?? 0),
        pendingApplications: Number(pending?.n ?? 0),
        openMailRequests: Number(open?.n ?? 0),
        payoutSoFar,
        planUsage,
      });
    },
  );
};
