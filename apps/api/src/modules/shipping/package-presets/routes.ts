import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { packagePresetSchema } from '@postwise/shared/schemas/shipping';
import { packagePresetDtoSchema } from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { requireAudience, actorOf } from '../../identity';
import {
  createPackagePreset,
  deletePackagePreset,
  findOwnPackagePreset,
  listPackagePresets,
  PACKAGE_NOT_FOUND,
  toPackagePresetDto,
  updatePackagePreset,
} from './service';

const security = [{ accessToken: [] }];
const tags = ['packages'];
const idParams = z.object({ id: z.uuid(PACKAGE_NOT_FOUND) });

/** Saved package presets (/packages) to pick in the wizard; own only. */
export const packagePresetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };

  app.get(
    '/packages',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Own package presets, newest first, paged; search: name starts with',
        querystring: pageQuerySchema.extend({ search: z.string().max(100).optional() }),
        response: { 200: pageSchema(packagePresetDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { search, ...page } = request.query;
      return listPackagePresets(app.db, actorOf(request).userId, page, search);
    },
  );

  app.get(
    '/packages/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'One own package preset',
        params: idParams,
        response: { 200: successSchema(packagePresetDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(toPackagePresetDto(await findOwnPackagePreset(app.db, actorOf(request).userId, request.params.id))),
  );

  app.post(
    '/packages',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Save a package preset (spec 3 Package fields plus a name)',
        body: packagePresetSchema,
        response: { 201: successSchema(packagePresetDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createPackagePreset(app.db, actorOf(request).userId, request.body, app.config.now()),
            'Package saved',
          ),
        ),
  );

  app.put(
    '/packages/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Edit an own package preset',
        params: idParams,
        body: packagePresetSchema,
        response: { 200: successSchema(packagePresetDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(
        await updatePackagePreset(app.db, actorOf(request).userId, request.params.id, request.body, app.config.now()),
        'Package updated',
      ),
  );

  app.delete(
    '/packages/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Delete an own package preset',
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await deletePackagePreset(app.db, actorOf(request).userId, request.params.id);
      return ok({ id: request.params.id }, 'Package deleted');
    },
  );
};
