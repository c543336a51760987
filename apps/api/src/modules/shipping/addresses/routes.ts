import fastifyMultipart from '@fastify/multipart';
import {
  ADDRESS_IMPORT_COLUMNS,
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_IMPORT_MESSAGES,
  ADDRESS_IMPORT_TEMPLATE,
  addressImportResultSchema,
} from '@postwise/shared/schemas/address-import';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import type { FastifyRequest } from 'fastify';
import { savedAddressSchema } from '@postwise/shared/schemas/shipping';
import { savedAddressDtoSchema } from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { validationFailed } from '../../../lib/errors';
import { fileAnswer, filePart, multipartBody } from '../../../lib/openapi';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { requireAudience, actorOf } from '../../identity';
import {
  ADDRESS_NOT_FOUND,
  createAddress,
  deleteAddress,
  findOwnAddress,
  getDefaultAddress,
  listAddresses,
  setDefaultAddress,
  toAddressDto,
  updateAddress,
} from './service';
import { importAddresses } from './import-addresses';

const security = [{ accessToken: [] }];
const tags = ['addresses'];
const idParams = z.object({ id: z.uuid(ADDRESS_NOT_FOUND) });
const listQuery = pageQuerySchema.extend({ search: z.string().max(100).optional() });

/** The CSV of an import (form field `media`), as text; 422 when it is missing or too large. */
async function readImportCsv(request: FastifyRequest): Promise<string> {
  const missing = () =>
    validationFailed(ADDRESS_IMPORT_MESSAGES.fileRequired, { media: ADDRESS_IMPORT_MESSAGES.fileRequired });
  if (!request.isMultipart()) throw missing();
  let csv: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const body = await part.toBuffer();
      if (part.fieldname === 'media' && body.length > 0) csv = body;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationFailed(ADDRESS_IMPORT_MESSAGES.tooLarge, { media: ADDRESS_IMPORT_MESSAGES.tooLarge });
    }
    throw err;
  }
  if (!csv) throw missing();
  return csv.toString('utf8');
}

/** Address list (/address-list): a shipper's own senders and receivers; nobody sees another's. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };
  // Encapsulated: only the import takes multipart, one CSV within the size limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ADDRESS_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.get(
    '/addresses/import/template',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The CSV template of the address import: the header row and one example address',
        response: { 200: fileAnswer('The template CSV', ['text/csv']), ...failures(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="address-import-template.csv"')
        .send(ADDRESS_IMPORT_TEMPLATE),
  );

  app.post(
    '/addresses/import',
    {
      ...guard,
      config: { rateLimit: perUserRateLimit(20, '1 minute') },
      schema: {
        tags,
        security,
        summary: `Import addresses from a CSV (form field 'media'; up to ${ADDRESS_IMPORT_MAX_ROWS} rows, 1 MB): valid rows are saved, the others answered with their errors`,
        description:
          `Columns (header row, any order): ${ADDRESS_IMPORT_COLUMNS.join(', ')}; name, line1, city, zipCode ` +
          'and country are required columns. Each row is checked like the address form (US: state code and ZIP). ' +
          '`failed` lists each refused row with its number in the file (the header is row 1) and a message per ' +
          'field; a file without a required column, without rows or over the limits is refused whole (422).',
        documentedBody: multipartBody({
          media: filePart(`The CSV (UTF-8), ${ADDRESS_IMPORT_MAX_ROWS} rows and 1 MB at most`),
        }),
        response: { 200: successSchema(addressImportResultSchema), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const csv = await readImportCsv(request);
      const result = await importAddresses(app.db, actorOf(request).userId, csv, app.config.now());
      const message = `${result.importedCount} of ${result.rowCount} addresses imported`;
      return ok(result, message);
    },
  );

  app.get(
    '/addresses',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Own addresses, default first, paged; search: name starts with',
        querystring: listQuery,
        response: { 200: pageSchema(savedAddressDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { search, ...page } = request.query;
      return listAddresses(app.db, actorOf(request).userId, page, search);
    },
  );

  app.get(
    '/addresses/default',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The default sender address (pre-filled in the wizard), or null',
        response: { 200: successSchema(savedAddressDtoSchema.nullable()), ...failures(401, 403) },
      },
    },
    async (request) => ok(await getDefaultAddress(app.db, actorOf(request).userId)),
  );

  app.get(
    '/addresses/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'One own address',
        params: idParams,
        response: { 200: successSchema(savedAddressDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(toAddressDto(await findOwnAddress(app.db, actorOf(request).userId, request.params.id))),
  );

  app.post(
    '/addresses',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Add an address (US: state code and ZIP or ZIP+4; abroad: the country postal format)',
        body: savedAddressSchema,
        response: { 201: successSchema(savedAddressDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const created = await createAddress(app.db, actorOf(request).userId, request.body, app.config.now());
      return reply.code(201).send(ok(created, 'Address saved'));
    },
  );

  app.put(
    '/addresses/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Edit an own address',
        params: idParams,
        body: savedAddressSchema,
        response: { 200: successSchema(savedAddressDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(
        await updateAddress(app.db, actorOf(request).userId, request.params.id, request.body, app.config.now()),
        'Address updated',
      ),
  );

  app.post(
    '/addresses/:id/default',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Make an own address the default sender',
        params: idParams,
        response: { 200: successSchema(savedAddressDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await setDefaultAddress(app.db, actorOf(request).userId, request.params.id, app.config.now())),
  );

  app.delete(
    '/addresses/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Delete an own address (shipments keep their copy)',
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await deleteAddress(app.db, actorOf(request).userId, request.params.id);
      return ok({ id: request.params.id }, 'Address deleted');
    },
  );
};
