import fastifyMultipart from '@fastify/multipart';
import { contactSchema, MAX_UPLOAD_BYTES, subscribeSchema } from '@postwise/shared/schemas/public';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { filePart, multipartBody } from '../../../lib/openapi';
import { validationFailed } from '../../../lib/errors';
import { sendContactMessage } from './send-contact-message';
import { subscribe, type SubscribeFile } from './subscribe';
import { parseOrFail } from './validation';
import { formParts } from '../../../lib/multipart';

/** Public forms: a few honest tries a minute per IP, not a spam cannon (spec 1: contact, newsletter). */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: 60_000 } as const;

// Server-only bounds on top of the shared spec 5 rules, so nobody stores a novel in a name field.
const bounded = (max: number, label: string) =>
  z.string().max(max, `${label} must be ${max} characters or fewer`).default('');

// A missing field is an empty one, so it gets the spec 5 "is required" message rather than a type error.
const contactBodySchema = z
  .object({ name: bounded(200, 'Name'), email: bounded(254, 'Email'), message: bounded(5000, 'Message') })
  .pipe(contactSchema);

const subscribeFieldsSchema = z
  .object({ name: bounded(200, 'Name'), email: bounded(254, 'Email'), phone: bounded(50, 'Phone number') })
  .pipe(subscribeSchema);

const FILE_FIELD = 'file';
const FILE_TOO_LARGE = `File must be ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))} MB or smaller`;

/** Reads the subscribe form: multipart (fields plus the optional `file`) or plain JSON without a file. */
async function readSubscribeForm(request: FastifyRequest): Promise<{ fields: unknown; file: SubscribeFile | null }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, file: null };
  const fields: Record<string, string> = {};
  let file: SubscribeFile | null = null;
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        // An empty file input still sends a part with no name and no bytes: that is "no file".
        if (part.fieldname === FILE_FIELD && (body.length > 0 || part.filename)) file = { body };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationFailed(FILE_TOO_LARGE, { [FILE_FIELD]: FILE_TOO_LARGE });
    if (code === 'FST_FILES_LIMIT') {
      const msg = 'Attach one file at most';
      throw validationFailed(msg, { [FILE_FIELD]: msg });
    }
    throw err;
  }
  return { fields, file };
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: only these routes accept multipart, with strict limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12, headerPairs: 100 },
  });

  app.post(
    '/users/contact',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Send a message to support from the contact page (public)',
        body: contactBodySchema,
        response: { 200: successSchema(z.null()), ...failures(422, 429) },
      },
    },
    async (request) => {
      await sendContactMessage(app, request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/users/subscribe',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Subscribe to the newsletter (public; multipart with name, email, phone and an optional file)',
        documentedBody: {
          ...multipartBody({
            name: z.string(),
            email: z.string(),
            phone: z.string(),
            [FILE_FIELD]: filePart('An optional attachment, 10 MB at most').optional(),
          }),
          'application/json': z.object({ name: z.string(), email: z.string(), phone: z.string() }),
        },
        response: { 200: successSchema(z.null()), ...failures(400, 422, 429) },
      },
    },
    async (request) => {
      const { fields, file } = await readSubscribeForm(request);
      const input = parseOrFail(subscribeFieldsSchema, fields);
      await subscribe(app, input, file, request.ip);
      return ok(null, 'Subscribed successfully');
    },
  );
};
