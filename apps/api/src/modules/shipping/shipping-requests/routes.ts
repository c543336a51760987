import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import {
  purchaseShipmentSchema,
  shippingRequestQuoteSchema,
  shippingRequestSchema,
} from '@postwise/shared/schemas/shipping';
import { addressDtoSchema, packageDtoSchema, shipmentDtoSchema } from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { requireAudience, actorOf } from '../../identity';
import { purchaseContext, quoteContext } from '../shipments/shipping-context';
import { idempotencyHeaders } from '../shipments/shipping-routes';
import {
  acceptShippingRequest,
  createShippingRequest,
  getShippingRequest,
  listShippingRequests,
  quoteShippingRequest,
  SHIPPING_REQUEST_NOT_FOUND,
} from './service';

const security = [{ accessToken: [] }];
const tags = ['shipping requests'];
const idParams = z.object({ id: z.uuid(SHIPPING_REQUEST_NOT_FOUND) });
const looseAddress = addressDtoSchema.partial({ companyName: true, line2: true, phone: true, email: true });

const shippingRequestDtoSchema = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    /** Who asked: the super admin's list only (null for a customer's own). */
    customer: z.object({ fullName: z.string(), email: z.string() }).nullable(),
    sender: looseAddress,
    receiver: looseAddress,
    packages: z.array(
      packageDtoSchema.partial({ insuranceDeclared: true, contentDescription: true, trackingNumber: true }),
    ),
    description: z.string(),
    status: z.enum(['pending', 'quoted', 'accepted', 'cancelled']),
    quote: z
      .object({
        carrier: z.string(),
        service: z.string(),
        priceCents: z.number().int(),
        costCents: z.number().int().nullable(),
        transitDays: z.number().int().nullable(),
        note: z.string().nullable(),
      })
      .nullable(),
    quotedAt: z.string().nullable(),
    shipmentId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ShippingRequest' });

/**
 * Shipping requests (/shipping-requests): freight, pallets, oversize or restricted destinations that no automatic
 * rate fits. The customer asks and accepts; the super admin sees all and quotes.
 */
export const shippingRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shipping-requests',
    {
      onRequest: [requireAudience('shipping.use')],
      schema: {
        tags,
        security,
        summary:
          'Own requests (super admin: all, with the customer, searchable by name or e-mail), newest first, paged',
        querystring: pageQuerySchema.extend({
          status: z.enum(['pending', 'quoted', 'accepted', 'cancelled']).optional(),
          search: z.string().trim().max(100).optional(),
        }),
        response: { 200: pageSchema(shippingRequestDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { status, search, ...page } = request.query;
      return listShippingRequests(quoteContext(app), actorOf(request), page, status, search);
    },
  );

  app.get(
    '/shipping-requests/:id',
    {
      onRequest: [requireAudience('shipping.use')],
      schema: {
        tags,
        security,
        summary: 'One own request (super admin: any)',
        params: idParams,
        response: { 200: successSchema(shippingRequestDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getShippingRequest(quoteContext(app), actorOf(request), request.params.id)),
  );

  app.post(
    '/shipping-requests',
    {
      onRequest: [requireAudience('shipping.use')],
      schema: {
        tags,
        security,
        summary: 'Ask for a custom quote when no automatic rate fits',
        body: shippingRequestSchema,
        response: { 201: successSchema(shippingRequestDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await createShippingRequest(quoteContext(app), actorOf(request), request.body), 'Request sent')),
  );

  app.post(
    '/shipping-requests/:id/quote',
    {
      onRequest: [requireAudience('shipping.manage')],
      schema: {
        tags,
        security,
        summary: 'Super admin: quote a request (carrier, service, price, optional cost and transit days)',
        params: idParams,
        body: shippingRequestQuoteSchema,
        response: { 200: successSchema(shippingRequestDtoSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      ok(
        await quoteShippingRequest(quoteContext(app), actorOf(request), request.params.id, request.body),
        'Quote sent',
      ),
  );

  app.post(
    '/shipping-requests/:id/accept',
    {
      onRequest: [requireAudience('shipping.use')],
      schema: {
        tags,
        security,
        summary: 'Accept the quote and pay (card or later): it becomes a shipment with a label',
        params: idParams,
        headers: idempotencyHeaders,
        body: purchaseShipmentSchema.pick({ payment: true }),
        response: { 201: successSchema(shipmentDtoSchema), ...failures(401, 402, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const shipment = await acceptShippingRequest(
        purchaseContext(app),
        actorOf(request),
        request.params.id,
        request.body.payment,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send(ok(shipment, 'Label created'));
    },
  );
};
