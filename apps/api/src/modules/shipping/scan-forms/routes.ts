import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import {
  createScanFormSchema,
  SCAN_FORM_MESSAGES,
  scanFormDtoSchema,
  scanFormEligibleDtoSchema,
  scanFormEligibleQuerySchema,
} from '@postwise/shared/schemas/scan-forms';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { actorOf, requireAudience } from '../../identity';
import { createScanForm } from './create-scan-form';
import { eligibleShipments } from './eligible-shipments';
import { listScanForms } from './list-scan-forms';
import type { ScanFormContext } from './scan-form-records';
import { scanFormFile } from './scan-form-file';

const security = [{ accessToken: [] }];
const tags = ['shipments'];

function scanFormContext(app: FastifyInstance): ScanFormContext {
  return { db: app.db, carriers: app.carriers, storage: app.storage, now: app.config.now, log: app.log };
}

/**
 * SCAN forms (USPS manifests) of a day's labels from one address: what can go on one, making it, the list and the
 * PDF. Who may: as shipments (SUPER_ADMIN, or a USER with a shipment profile; each sees their own, the super admin
 * everyone's).
 */
export const scanFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };

  app.get(
    '/shipments/scan-forms/eligible',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          "The day's bought, not voided USPS labels on no SCAN form yet, grouped by from address (one form each)",
        querystring: scanFormEligibleQuerySchema,
        response: { 200: successSchema(scanFormEligibleDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await eligibleShipments(app.db, actorOf(request), request.query.date)),
  );

  app.post(
    '/shipments/scan-forms',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          "Make the SCAN form of a day's USPS labels from one address (addressKey) or of chosen labels; the same request again answers the same form",
        body: createScanFormSchema,
        response: {
          200: successSchema(scanFormDtoSchema),
          201: successSchema(scanFormDtoSchema),
          ...failures(401, 403, 404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { form, created } = await createScanForm(scanFormContext(app), actorOf(request), request.body);
      return reply.code(created ? 201 : 200).send(ok(form, created ? 'SCAN form created' : undefined));
    },
  );

  app.get(
    '/shipments/scan-forms',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "Own SCAN forms (the super admin: every customer's, with the customer), newest first, paged",
        querystring: pageQuerySchema,
        response: { 200: pageSchema(scanFormDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listScanForms(scanFormContext(app), actorOf(request), request.query),
  );

  app.get(
    '/shipments/scan-forms/:id/file',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "The SCAN form as a PDF (the carrier's; a sample for sandbox labels)",
        params: z.object({ id: z.uuid(SCAN_FORM_MESSAGES.notFound) }),
        response: {
          200: fileAnswer('The SCAN form as a PDF', ['application/pdf']),
          ...failures(401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { row, body } = await scanFormFile(scanFormContext(app), actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="scan-form-${row.shipDate}-${row.id.slice(0, 8)}.pdf"`)
        .send(body);
    },
  );
};
