import fastifyMultipart from '@fastify/multipart';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import {
  BATCH_COLUMNS,
  BATCH_MAX_BYTES,
  BATCH_MAX_ROWS,
  BATCH_MESSAGES,
  BATCH_TEMPLATE,
  batchDtoSchema,
  batchSummaryDtoSchema,
  purchaseBatchSchema,
} from '@postwise/shared/schemas/shipment-batches';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { validationFailed } from '../../../lib/errors';
import { formParts } from '../../../lib/multipart';
import { fileAnswer, filePart, multipartBody } from '../../../lib/openapi';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { actorOf, requireAudience } from '../../identity';
import { batchLabelsPdf } from './batch-labels';
import { getBatch, listBatches } from './batch-records';
import { BATCH_RATE_JOB, type BatchUpload, createBatch } from './create-batch';
import { BATCH_PURCHASE_JOB, purchaseBatch } from './purchase-batch';

const security = [{ accessToken: [] }];
const tags = ['shipments'];
const idParams = z.object({ id: z.uuid(BATCH_MESSAGES.notFound) });
const FROM_ADDRESS_MESSAGE = 'From address must be an address id';

/** The upload: the CSV in `media`, and optionally `fromAddressId`; 422 when the file is missing or too large. */
async function readUpload(request: FastifyRequest): Promise<BatchUpload> {
  const missing = () => validationFailed(BATCH_MESSAGES.fileRequired, { media: BATCH_MESSAGES.fileRequired });
  if (!request.isMultipart()) throw missing();
  let csv: Buffer | null = null;
  let fileName: string | null = null;
  let fromAddressId: string | null = null;
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'field') {
        if (part.fieldname === 'fromAddressId' && typeof part.value === 'string' && part.value.trim()) {
          const parsed = z.uuid().safeParse(part.value.trim());
          if (!parsed.success) throw validationFailed(FROM_ADDRESS_MESSAGE, { fromAddressId: FROM_ADDRESS_MESSAGE });
          fromAddressId = parsed.data;
        }
        continue;
      }
      const body = await part.toBuffer();
      if (part.fieldname === 'media' && body.length > 0) {
        csv = body;
        fileName = part.filename || null;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationFailed(BATCH_MESSAGES.tooLarge, { media: BATCH_MESSAGES.tooLarge });
    }
    throw err;
  }
  if (!csv) throw missing();
  return { csv: csv.toString('utf8'), fileName, fromAddressId };
}

/** Batches (many labels from one CSV): a shipper's own only; another's batch is "not found". */
export const shipmentBatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };
  // Encapsulated: only the upload takes multipart, one CSV within the size limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: BATCH_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.get(
    '/shipments/batches/template',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'getShipmentBatchTemplate',
        summary: 'The CSV template of a batch: the header row and one example shipment',
        response: { 200: fileAnswer('The template CSV', ['text/csv']), ...failures(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="shipment-batch-template.csv"')
        .send(BATCH_TEMPLATE),
  );

  app.post(
    '/shipments/batches',
    {
      ...guard,
      config: { rateLimit: perUserRateLimit(20, '1 minute') },
      schema: {
        tags,
        security,
        operationId: 'createShipmentBatch',
        summary: `Upload a batch CSV (form field 'media'; up to ${BATCH_MAX_ROWS} rows, 1 MB): every row checked, the valid ones rated after the answer`,
        description:
          `Columns (header row, any order): ${BATCH_COLUMNS.join(', ')}. service is cheapest (default) or ` +
          'fastest. The sender is fromAddressId (a saved address) or the default sender. Each row is checked like ' +
          'the wizard (US addresses: state code and ZIP); an invalid row has its number in the file (the header ' +
          'is row 1) and a message per column. Valid rows start pending and are rated by a job: poll ' +
          'GET shipments/batches/{id} until the status is ready. A file without a required column, without rows ' +
          'or over the limits is refused whole (422).',
        documentedBody: multipartBody({
          media: filePart(`The CSV (UTF-8), ${BATCH_MAX_ROWS} rows and 1 MB at most`),
          fromAddressId: z
            .uuid()
            .optional()
            .meta({ description: 'A saved address to ship from (default: the default sender)' }),
        }),
        response: { 201: successSchema(batchDtoSchema), ...failures(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const batch = await createBatch(app.db, actorOf(request), upload, app.config.now());
      app.jobs.wake(BATCH_RATE_JOB);
      const message = `${batch.counts.rows - batch.counts.invalid} of ${batch.counts.rows} rows are valid`;
      return reply.code(201).send(ok(batch, message));
    },
  );

  app.get(
    '/shipments/batches',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'listShipmentBatches',
        summary: 'Own batches, newest first, paged, with their progress',
        querystring: pageQuerySchema,
        response: { 200: pageSchema(batchSummaryDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listBatches(app.db, actorOf(request), request.query),
  );

  app.get(
    '/shipments/batches/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'getShipmentBatch',
        summary: 'An own batch: status, counts per row status, totals and every row with its rate or problems',
        params: idParams,
        response: { 200: successSchema(batchDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getBatch(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/shipments/batches/:id/purchase',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'purchaseShipmentBatch',
        summary:
          'Buy every valid row: one label and one charge per row, run by a job (202); a repeated call answers the batch as it is (200) and charges nothing again; 409 NO_CUSTOMER_ID / NO_DEFAULT_PAYMENT_METHOD when there is no card to charge',
        params: idParams,
        body: purchaseBatchSchema.optional(),
        response: {
          200: successSchema(batchDtoSchema),
          202: successSchema(batchDtoSchema),
          ...failures(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { batch, started } = await purchaseBatch(
        app.db,
        actorOf(request),
        request.params.id,
        request.body?.payment ?? 'card',
        app.config.now(),
        app.payments.name,
      );
      if (!started) return reply.code(200).send(ok(batch));
      app.jobs.wake(BATCH_PURCHASE_JOB);
      return reply.code(202).send(ok(batch, `Buying ${batch.counts.valid} labels`));
    },
  );

  app.get(
    '/shipments/batches/:id/labels',
    {
      ...guard,
      schema: {
        tags,
        security,
        operationId: 'getShipmentBatchLabels',
        summary: "Every bought label of an own batch in one PDF, in the file's order",
        params: idParams,
        response: {
          200: fileAnswer('The labels as one PDF', ['application/pdf']),
          ...failures(401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const pdf = await batchLabelsPdf(
        { db: app.db, storage: app.storage, carriers: app.carriers, log: request.log },
        actorOf(request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="batch-${request.params.id.slice(0, 8)}-labels.pdf"`)
        .send(pdf);
    },
  );
};
