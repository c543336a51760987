import fastifyMultipart from '@fastify/multipart';
import { analysisRowSchema } from '@postwise/shared/schemas/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { filePart, multipartBody } from '../../../lib/openapi';
import { validationFailed } from '../../../lib/errors';
import { getAuth, requireAuth } from '../../identity';
import { parseOrFail } from '../../platform';
import { analyzeCsv, analyzeSingle, MAX_ANALYSIS_ROWS, reportJson } from './analyze';

/** Open to anyone, so limited per address: 10 reports a minute. */
export const ANALYSIS_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;
const MAX_CSV_BYTES = 5 * 1024 * 1024;
const MEDIA_FIELD = 'media';

const rowSchema = z.object({
  row: z.number().int(),
  fromZip: z.string().nullable(),
  toZip: z.string().nullable(),
  zone: z.number().int().nullable(),
  billableWeightLb: z.number().nullable(),
  paidCents: z.number().int().nullable(),
  ourPriceCents: z.number().int().nullable(),
  retailCents: z.number().int().nullable(),
  savingCents: z.number().int().nullable(),
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  error: z.string().nullable(),
});

const reportSchema = z
  .object({
    rows: z.array(rowSchema),
    rowCount: z.number().int(),
    errorCount: z.number().int(),
    truncated: z.boolean(),
    totals: z.object({
      paidCents: z.number().int(),
      ourPriceCents: z.number().int(),
      savingCents: z.number().int(),
      savingPercent: z.number().int(),
    }),
  })
  .meta({ id: 'ShippingAnalysis' });

/** Free shipping-cost analysis (spec 1): anyone, signed in or not. */
export const shippingAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    '/shipping-analysis',
    {
      config: { rateLimit: ANALYSIS_RATE_LIMIT },
      schema: {
        tags: ['shipping analysis'],
        summary: `Compare past shipments with our prices: a CSV in 'media' (up to ${MAX_ANALYSIS_ROWS} rows; fromZip,toZip,weight,length,width,height,paid) or one ZIP pair and package as JSON`,
        // Anyone may call it; a session only adds the caller's own discount.
        security: [{}, { accessToken: [] }],
        documentedBody: {
          ...multipartBody({
            [MEDIA_FIELD]: filePart(
              `CSV with a header row: fromZip,toZip,weight,length,width,height,paid (5 MB, ${MAX_ANALYSIS_ROWS} rows at most)`,
            ),
          }),
          'application/json': analysisRowSchema,
        },
        response: { 200: successSchema(reportSchema), ...failures(400, 422, 429) },
      },
    },
    async (request, reply) => {
      // Signed-in customers see their own discount; anyone else the public price. A bad token is just anonymous.
      let userId: string | null = null;
      if (request.headers['x-access-token']) {
        try {
          await requireAuth(request);
          userId = getAuth(request).user.id;
        } catch {
          userId = null;
        }
      }
      const ctx = { db: app.db, sandbox: app.carriers.sandbox, now: app.config.now };
      if (!request.isMultipart()) {
        if (!request.body || typeof request.body !== 'object') {
          throw validationFailed('Upload a CSV or enter a ZIP pair and a package');
        }
        return ok(await analyzeSingle(ctx, userId, parseOrFail(analysisRowSchema, request.body)));
      }
      const file = await request.file();
      if (!file || file.fieldname !== MEDIA_FIELD) {
        throw validationFailed('Attach the CSV in the media field', { media: 'CSV file is required' });
      }
      const report = await analyzeCsv(ctx, userId, file.file);
      // busboy cut the stream at the size limit: the report would silently miss rows.
      if (file.file.truncated) {
        throw validationFailed('The CSV must be 5 MB or smaller', { media: 'The CSV must be 5 MB or smaller' });
      }
      // Written in slices rather than by the serializer in one go: the JSON text (which follows reportSchema) is
      // sent as is, and the typed reply only knows the object form, hence the cast.
      const json: unknown = await reportJson(report);
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
