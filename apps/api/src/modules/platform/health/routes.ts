import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../../db/client';
import { appError } from '../../../lib/errors';
import { failures, successSchema } from '../../../lib/envelope';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /api/health: for load balancers and uptime checks; answers 503 when the database does not respond. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: successSchema(healthSchema), ...failures(503) },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        reply.header('retry-after', '5');
        throw appError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { isSuccess: true as const, data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );
};
