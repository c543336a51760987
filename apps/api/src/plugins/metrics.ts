import fp from 'fastify-plugin';
import { type AppMetrics, createMetrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The route a request matched, as its pattern (`/api/v1/shipments/:id`), so label values stay few. */
export function routeOf(request: { routeOptions: { url?: string | undefined } }): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * `app.metrics` (lib/metrics.ts) and the request histogram: every answer is observed by method, route pattern and
 * status once it is sent. GET /api/metrics (platform/health) exposes the registry.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);
