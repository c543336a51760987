import { trackingSchema } from '@postwise/shared/schemas/public';
import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { requireAuth, actorOf, type Actor } from '../../identity';
import { seesAllShipments } from './shipper-access';
import { shippingRoutes } from './shipping-routes';
import { handleTrackingWebhook, TRACKING_SIGNATURE_HEADER } from './tracking-webhook';
import { trackPublic } from './track-public';
import { trackingResultSchema } from './tracking-schema';

/** Anyone may track, but nobody may walk the number space: 30 lookups a minute per IP. */
export const TRACK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

// A missing number is an empty one, so it gets 'Tracking number is required.' (spec 5). The destination ZIP code,
// when given and right, adds the sender's and receiver's names and street lines to the answer.
const trackQuerySchema = z
  .object({
    trackingNumber: z.string().default(''),
    zip: z.string().max(16).optional().meta({ description: "The destination's ZIP or postal code" }),
  })
  .pipe(trackingSchema.extend({ zip: z.string().optional() }));

/** The signed-in caller of a public route, or null: a stale or unusable token only means "anonymous" here. */
async function optionalCaller(request: FastifyRequest): Promise<Actor | null> {
  if (!request.headers[ACCESS_TOKEN_HEADER.toLowerCase()]) return null;
  try {
    await requireAuth(request);
    return actorOf(request);
  } catch {
    return null;
  }
}

/** Carrier tracking webhooks (EasyPost tracker events). The JSON body is kept raw: the signature covers its bytes. */
const trackingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/shipments/tracking/webhook',
    {
      schema: {
        tags: ['shipments'],
        summary: 'Carrier tracker events (X-Hmac-Signature), each applied once per event id',
        security: [{ trackingSignature: [] }],
        response: {
          200: successSchema(
            z.object({
              received: z.literal(true),
              eventId: z.string(),
              duplicate: z.boolean(),
              shipmentId: z.string().nullable(),
              status: z.string().nullable(),
            }),
          ),
          ...failures(401, 422),
        },
      },
    },
    async (request) => {
      const header = request.headers[TRACKING_SIGNATURE_HEADER];
      const raw = typeof request.body === 'string' ? request.body : '';
      return ok(
        await handleTrackingWebhook(
          {
            db: app.db,
            carriers: app.carriers,
            now: app.config.now,
            log: request.log,
            emails: app.emails,
            publicUrl: app.config.publicUrl,
            hub: app.notificationHub,
          },
          app.config.shipping.trackingWebhookSecret,
          raw,
          Array.isArray(header) ? header[0] : header,
        ),
      );
    },
  );
};

export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(trackingWebhookRoutes);
  app.get(
    '/shipments/track/public',
    {
      config: { rateLimit: TRACK_RATE_LIMIT },
      schema: {
        tags: ['shipments'],
        summary:
          'Track a shipment by tracking number without signing in; names and street lines only with the destination ZIP code or to the owner',
        querystring: trackQuerySchema,
        response: { 200: successSchema(trackingResultSchema), ...failures(404, 422, 429) },
      },
    },
    async (request) => {
      const caller = await optionalCaller(request);
      return ok(
        await trackPublic(app.db, request.query.trackingNumber, {
          zip: request.query.zip,
          userId: caller?.userId,
          isSuperAdmin: caller ? seesAllShipments(caller) : false,
        }),
      );
    },
  );

  await app.register(shippingRoutes);
};
