import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { purchaseShipmentSchema, quoteRequestSchema, voidShipmentSchema } from '@postwise/shared/schemas/shipping';
import {
  quoteResultDtoSchema,
  shipmentDtoSchema,
  shipmentListItemDtoSchema,
  shipmentFullDtoSchema,
  shipmentStatusSchema,
  shipmentSummaryDtoSchema,
} from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { quickQuoteRequestSchema, quickQuoteResultSchema } from '@postwise/shared/shipping/quick-quote';
import { createQuote } from './create-quote';
import { quickQuote } from './quick-quote';
import { purchaseContext, quoteContext } from './shipping-context';
import { getShipmentFull } from './get-shipment';
import { carrierLabelFile, LABEL_CONTENT_TYPES } from './carrier-label';
import { labelDownloadSchema } from './label-download';
import { customsFormFile } from './customs-form';
import { renderLabelPdf, renderLabelZpl } from './label';
import { listShipments } from './list-shipments';
import { purchaseShipment } from './purchase-shipment';
import { shipmentSummary } from './shipment-summary';
import { findVisibleShipment, SHIPMENT_NOT_FOUND_MESSAGE, toShipmentDto } from './shipment-records';
import { requireAudience, actorOf } from '../../identity';
import { voidShipment } from './void-shipment';

const security = [{ accessToken: [] }];
const tags = ['shipments'];
const idParams = z.object({ id: z.uuid(SHIPMENT_NOT_FOUND_MESSAGE) });

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key header is required';

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string(IDEMPOTENCY_KEY_MESSAGE)
    .trim()
    .min(8, IDEMPOTENCY_KEY_MESSAGE)
    .max(200, IDEMPOTENCY_KEY_MESSAGE),
});

const listQuery = pageQuerySchema.extend({
  status: shipmentStatusSchema.optional(),
  carrier: z.string().trim().max(60).optional(),
  from: z.iso.date('From must be a date (YYYY-MM-DD)').optional(),
  to: z.iso.date('To must be a date (YYYY-MM-DD)').optional(),
  search: z.string().trim().max(100).optional(),
  userId: z.uuid().optional(),
});

/** Shipments: quotes, purchase, list, details, labels, void. SUPER_ADMIN or a USER with a shipment profile. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };

  app.post(
    '/shipments/quotes',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Rates of every carrier service that fits, with retail, our price and saving, sorted by preference',
        body: quoteRequestSchema,
        response: { 200: successSchema(quoteResultDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await createQuote(quoteContext(app), actorOf(request), request.body)),
  );

  app.post(
    '/shipments/quick-quote',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'quickQuoteShipment',
        summary:
          'Rates from two ZIP codes (or countries) and a weight, without a street address: every service, the cheapest and the fastest',
        body: quickQuoteRequestSchema,
        response: { 200: successSchema(quickQuoteResultSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await quickQuote(quoteContext(app), actorOf(request), request.body)),
  );

  app.post(
    '/shipments',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          'Buy a quoted rate: label, charge (card) or monthly invoice line (later), recorded once per Idempotency-Key',
        headers: idempotencyHeaders,
        body: purchaseShipmentSchema,
        response: {
          200: successSchema(shipmentDtoSchema),
          201: successSchema(shipmentDtoSchema),
          ...failures(401, 402, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { shipment, replayed } = await purchaseShipment(
        purchaseContext(app),
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(replayed ? 200 : 201).send(ok(shipment, replayed ? undefined : 'Label created'));
    },
  );

  app.get(
    '/shipments',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          'Own shipments (super admin: all, or userId), newest first, paged; filters status, carrier, from/to; search tracking number or receiver',
        querystring: listQuery,
        response: { 200: pageSchema(shipmentListItemDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, ...filters } = request.query;
      return listShipments(app.db, actorOf(request), { pageNo, pageSize }, filters);
    },
  );

  app.get(
    '/shipments/summary',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          'Own shipping at a glance (the home): labels bought and not voided, savings against list prices, spend, last 5',
        response: { 200: successSchema(shipmentSummaryDtoSchema), ...failures(401, 403) },
      },
    },
    async (request) => ok(await shipmentSummary(app.db, actorOf(request))),
  );

  app.get(
    '/shipments/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Partial details of an own shipment',
        params: idParams,
        response: { 200: successSchema(shipmentDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(toShipmentDto(await findVisibleShipment(app.db, actor, request.params.id), actor));
    },
  );

  app.get(
    '/shipments/:id/full',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Full details: tracking timeline, packages, customs, charges and label links',
        params: idParams,
        response: { 200: successSchema(shipmentFullDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getShipmentFull(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/shipments/:id/label',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          "The 4×6 label: the carrier's own (PDF, or ZPL for thermal printers); sandbox shipments get a sample marked not valid postage",
        params: idParams,
        ...labelDownloadSchema,
      },
    },
    async (request, reply) => {
      const row = await findVisibleShipment(app.db, actorOf(request), request.params.id);
      if (row.status === 'voided' || row.status === 'cancelled' || !row.carrierTrackingNumber) {
        return reply.code(409).send({ isSuccess: false, code: 'CONFLICT', message: 'This label was voided.' });
      }
      const format = request.query.format;
      const carrierLabel = await carrierLabelFile(
        { db: app.db, storage: app.storage, carriers: app.carriers, log: request.log },
        row,
        format,
      );
      const body =
        carrierLabel?.body ?? (format === 'zpl' ? Buffer.from(renderLabelZpl(row), 'utf8') : await renderLabelPdf(row));
      return reply
        .type(LABEL_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${row.uniqueId}.${format}"`)
        .send(body);
    },
  );

  app.get(
    '/shipments/:id/customs-form',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          "The customs form of an international label (the carrier's CN22/CN23 or commercial invoice; a sample for sandbox shipments)",
        params: idParams,
        response: {
          200: fileAnswer('The customs form as a PDF', ['application/pdf']),
          ...failures(401, 403, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const row = await findVisibleShipment(app.db, actorOf(request), request.params.id);
      if (row.status === 'voided' || row.status === 'cancelled' || !row.carrierTrackingNumber) {
        return reply.code(409).send({ isSuccess: false, code: 'CONFLICT', message: 'This label was voided.' });
      }
      const body = await customsFormFile(
        { db: app.db, storage: app.storage, carriers: app.carriers, log: request.log },
        row,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${row.uniqueId}-customs.pdf"`)
        .send(body);
    },
  );

  app.post(
    '/shipments/:id/void',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Void an unused label; refund as shipping credit (default) or to the card',
        params: idParams,
        body: voidShipmentSchema.optional(),
        response: { 200: successSchema(shipmentDtoSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      ok(
        await voidShipment(
          quoteContext(app),
          actorOf(request),
          request.params.id,
          request.body?.refundTo ?? 'credit',
          app.payments,
        ),
        'Label voided',
      ),
  );
};
