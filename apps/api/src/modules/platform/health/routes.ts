import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../../db/client';
import { appError, unauthorized } from '../../../lib/errors';
import { failures, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.literal('ok')).meta({ examples: [{ database: 'ok', storage: 'ok' }] }),
});

const NOT_READY = 'Not ready';

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Operations: GET /api/health (liveness and the database, for load balancers and uptime checks), GET /api/ready
 * (every dependency an instance needs to serve, 503 naming the failing ones) and GET /api/metrics (Prometheus).
 */
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

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, the file storage (and every other registered dependency) answer',
        description:
          'For a load balancer or orchestrator deciding whether to send traffic here. 503 names each failing ' +
          'check in `errors` (e.g. `{"storage": "failed"}`); the reason is in the server log, not the answer.',
        response: { 200: successSchema(readySchema), ...failures(503) },
      },
    },
    async () => {
      const { ready, checks } = await app.readiness.run();
      if (!ready) {
        const failed = Object.entries(checks).filter(([, status]) => status !== 'ok');
        throw appError(
          'SERVICE_UNAVAILABLE',
          `${NOT_READY}: ${failed.map(([name]) => name).join(', ')}`,
          Object.fromEntries(failed),
        );
      }
      return { isSuccess: true as const, data: { status: 'ready' as const, checks: checks as Record<string, 'ok'> } };
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: request durations by route and status, charges, e-mails, the Node.js process',
        description:
          'Open unless the server sets METRICS_TOKEN; then only with `Authorization: Bearer <METRICS_TOKEN>`.',
        security: [{}, { metricsToken: [] }],
        response: {
          200: fileAnswer('The metrics in the Prometheus text format', ['text/plain']),
          ...failures(401),
        },
      },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (token && !hasBearer(request, token)) throw unauthorized();
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
