import { auditLogQuerySchema } from '@postwise/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, pageSchema } from '../../../lib/envelope';
import { z } from 'zod';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { actorOf } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { loadManaged } from '../tenancy/manages';
import { auditEntrySchema } from './audit-schema';
import { listAudit } from './service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-logs',
    {
      onRequest: [requireAudience('audit.read')],
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first: who did what, as whom, when (super admin)',
        security: [{ accessToken: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, userId, action } = request.query;
      return listAudit(app.db, { pageNo, pageSize }, { userId, action });
    },
  );

  app.get(
    '/accounts/:userId/activity',
    {
      onRequest: [requireAudience('accounts.read')],
      schema: {
        tags: ['audit'],
        summary: 'Activity of an account the caller manages: audit rows by it, as it, or about it',
        security: [{ accessToken: [] }],
        params: z.object({ userId: z.uuid('User id is invalid.') }),
        querystring: pageQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await loadManaged(app.db, actorOf(request), request.params.userId);
      return listAudit(app.db, request.query, { userId: request.params.userId });
    },
  );
};
