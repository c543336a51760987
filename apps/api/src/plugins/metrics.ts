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
 * status once it is sent. E-mails are counted at `app.mailer.send`, which every e-mail passes (sent now or by a
 * job), so nothing else needs to count them. GET /api/metrics (platform/health) exposes the registry.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);

    const { mailer } = app;
    const send = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      try {
        const sent = await send(message);
        metrics.emailsSent.inc({ mailer: mailer.kind });
        return sent;
      } catch (err) {
        metrics.emailsFailed.inc({ mailer: mailer.kind });
        throw err;
      }
    };

    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics', dependencies: ['app-context'] },
);
