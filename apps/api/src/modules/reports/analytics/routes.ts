import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsRangeSchema,
  analyticsSummarySchema,
  superAdminDashboardSchema,
} from '@postwise/shared/schemas/analytics';
import { dayKeyIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { requireAudience } from '../../identity';
import { analyticsSummary, summaryCsv, superAdminDashboard } from './service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/summary',
    {
      onRequest: [requireAudience('analytics.read')],
      schema: {
        tags: ['analytics'],
        summary: 'Analytics & Reports for a date range: MRR, subscriptions, revenue, mail and shipping (super admin)',
        security: [{ accessToken: [] }],
        querystring: analyticsRangeSchema,
        response: { 200: successSchema(analyticsSummarySchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await analyticsSummary(app.db, request.query)),
  );

  app.get(
    '/analytics/summary.csv',
    {
      onRequest: [requireAudience('analytics.read')],
      schema: {
        tags: ['analytics'],
        summary: 'The Analytics & Reports figures of a range as CSV (super admin)',
        security: [{ accessToken: [] }],
        querystring: analyticsRangeSchema,
        response: { 200: fileAnswer('The figures as CSV', ['text/csv']), ...failures(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const csv = summaryCsv(await analyticsSummary(app.db, request.query));
      const day = (at: Date) => dayKeyIn(at, PLATFORM_TIME_ZONE);
      const name = `analytics-${day(request.query.from)}-${day(request.query.to)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get(
    '/dashboard/super-admin',
    {
      onRequest: [requireAudience('analytics.read')],
      schema: {
        tags: ['analytics'],
        summary: 'Live figures of the super admin dashboard',
        security: [{ accessToken: [] }],
        response: { 200: successSchema(superAdminDashboardSchema), ...failures(401, 403) },
      },
    },
    async () => ok(await superAdminDashboard(app.db, new Date())),
  );
};
