import {
  WEBHOOK_EVENTS,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from '@postwise/shared/integrations';
import {
  webhookDeliveryQuerySchema,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from '@postwise/shared/schemas/integrations';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import { actorOf, auditRequest, requireAudience } from '../../identity';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  updateEndpoint,
  type WebhookServiceContext,
} from './service';

const security = [{ accessToken: [] }];
const endpointOwners = requireAudience('webhooks.manage');
const idParams = z.object({ id: z.uuid('Webhook endpoint id is invalid.') });

const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    secretPrefix: z.string(),
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
const createdEndpointSchema = endpointSchema.extend({ secret: z.string() }).meta({ id: 'CreatedWebhookEndpoint' });
const deliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string(),
    type: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
const endpointMatches: Same<z.output<typeof endpointSchema>, WebhookEndpointItem> = true;
const createdMatches: Same<z.output<typeof createdEndpointSchema>, CreatedWebhookEndpoint> = true;
const deliveryMatches: Same<z.output<typeof deliverySchema>, WebhookDeliveryItem> = true;
void endpointMatches;
void createdMatches;
void deliveryMatches;

function serviceContext(app: FastifyInstance): WebhookServiceContext {
  return { db: app.db, jobs: app.jobs, now: app.config.now, guardTargets: app.config.webhooks.guardTargets };
}

/** Webhook endpoints of customers and sub-admins (account settings), their delivery log and redelivery. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/webhook-endpoints',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
        security,
        body: webhookEndpointCreateSchema,
        response: { 200: successSchema(createdEndpointSchema), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const created = await createEndpoint(serviceContext(app), actorOf(request), request.body);
      await auditRequest(
        request,
        app.db,
        'webhook.create',
        { type: 'webhook_endpoint', id: created.id },
        {
          url: created.url,
          events: created.events,
        },
      );
      return ok(created);
    },
  );

  app.get(
    '/webhook-endpoints',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: "The caller's webhook endpoints, newest first",
        security,
        response: { 200: successSchema(z.array(endpointSchema)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await listEndpoints(app.db, actorOf(request))),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'One webhook endpoint',
        security,
        params: idParams,
        response: { 200: successSchema(endpointSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getEndpoint(app.db, actorOf(request), request.params.id)),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'Change URL, events, or enable/disable (enabling clears the failure count)',
        security,
        params: idParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: successSchema(endpointSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const updated = await updateEndpoint(serviceContext(app), actorOf(request), request.params.id, request.body);
      await auditRequest(
        request,
        app.db,
        'webhook.update',
        { type: 'webhook_endpoint', id: updated.id },
        {
          ...request.body,
        },
      );
      return ok(updated);
    },
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint and its delivery log',
        security,
        params: idParams,
        response: { 200: successSchema(endpointSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const deleted = await deleteEndpoint(app.db, actorOf(request), request.params.id);
      await auditRequest(
        request,
        app.db,
        'webhook.delete',
        { type: 'webhook_endpoint', id: deleted.id },
        {
          url: deleted.url,
        },
      );
      return ok(deleted);
    },
  );

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'Replace the signing secret; the answer holds the new one, shown this once',
        description:
          'For 24 hours after a rotation each delivery carries two signatures, `Postwise-Signature: ' +
          't=<unix seconds>,v1=<with the new secret>,v1=<with the previous secret>`, so the receiver can switch ' +
          'to the new secret without refusing events; after that only the new one signs.',
        security,
        params: idParams,
        response: { 200: successSchema(createdEndpointSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const rotated = await rotateSecret(serviceContext(app), actorOf(request), request.params.id);
      await auditRequest(request, app.db, 'webhook.rotate_secret', { type: 'webhook_endpoint', id: rotated.id });
      return ok(rotated);
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: "An endpoint's delivery log, newest first",
        security,
        params: idParams,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: pageSchema(deliverySchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, status } = request.query;
      return listDeliveries(app.db, actorOf(request), request.params.id, { pageNo, pageSize }, status);
    },
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    {
      onRequest: [endpointOwners],
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again now (same body, new signature)',
        security,
        params: idParams.extend({ deliveryId: z.uuid('Delivery id is invalid.') }),
        response: { 200: successSchema(deliverySchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const delivery = await redeliver(serviceContext(app), actorOf(request), id, deliveryId);
      await auditRequest(request, app.db, 'webhook.redeliver', { type: 'webhook_delivery', id: delivery.id });
      return ok(delivery);
    },
  );
};
