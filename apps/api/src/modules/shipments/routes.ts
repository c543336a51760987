import { trackingSchema } from '@postwise/shared/schemas/public';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../lib/envelope';
import { shippingRoutes } from './shipping-routes';
import { trackPublic } from './track-public';
import { trackingResultSchema } from './tracking-schema';

/** Anyone may track, but nobody may walk the number space: 30 lookups a minute per IP. */
export const TRACK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

// A missing number is an empty one, so it gets 'Tracking number is required.' (spec 5).
const trackQuerySchema = z.object({ trackingNumber: z.string().default('') }).pipe(trackingSchema);

export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shipments/track/public',
    {
      config: { rateLimit: TRACK_RATE_LIMIT },
      schema: {
        tags: ['shipments'],
        summary: 'Track a shipment by tracking number without signing in',
        querystring: trackQuerySchema,
        response: { 200: successSchema(trackingResultSchema), ...failures(404, 422, 429) },
      },
    },
    async (request) => ok(await trackPublic(app.db, request.query.trackingNumber)),
  );

  await app.register(shippingRoutes);
};
