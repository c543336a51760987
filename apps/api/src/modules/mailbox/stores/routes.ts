import { storeListQuerySchema, storeSchema } from '@postwise/shared/schemas/admin';
import type { Store } from '@postwise/shared/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import { actorOf, requireAudience, userRefSchema } from '../../identity';
import { createStore, deleteStore, listStores, loadStore, requireOwnStoreParam, updateStore } from './service';

const security = [{ accessToken: [] }];
const idParams = z.object({ id: z.uuid('Store id is invalid.') });

export const storeDtoSchema = z
  .object({
    id: z.string(),
    owner: userRefSchema,
    name: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
    phone: z.string(),
    hours: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    pmbPrefix: z.string(),
    nextPmbNumber: z.number().int(),
    isDefault: z.boolean(),
    timeZone: z.string(),
    mailboxCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Store' });
const storeMatches: Same<z.output<typeof storeDtoSchema>, Store> = true;
void storeMatches;

/** Store (spec 2.3, 2.4): a sub-admin's locations with their PMB numbering; the super admin sees all. */
export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores',
    {
      onRequest: [requireAudience('configuration.stores')],
      schema: {
        tags: ['stores'],
        summary: "Stores: a sub-admin's own, or all for the super admin (optionally one owner's)",
        security,
        querystring: storeListQuerySchema.extend({ ownerUserId: z.uuid().optional() }),
        response: { 200: pageSchema(storeDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, search, ownerUserId } = request.query;
      return listStores(app.db, actorOf(request), { pageNo, pageSize }, { search, ownerUserId });
    },
  );

  app.post(
    '/stores',
    {
      onRequest: [requireAudience('stores.add')],
      schema: {
        tags: ['stores'],
        summary: 'Add Store',
        security,
        body: storeSchema,
        response: { 200: successSchema(storeDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await createStore(app, actorOf(request), request.body)),
  );

  app.get(
    '/stores/:id',
    {
      onRequest: [requireAudience('configuration.stores')],
      schema: {
        tags: ['stores'],
        summary: 'A store of the caller (any store for the super admin)',
        security,
        params: idParams,
        response: { 200: successSchema(storeDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await loadStore(app.db, actorOf(request), request.params.id)),
  );

  app.put(
    '/stores/:id',
    {
      onRequest: [requireAudience('configuration.stores')],
      preValidation: [requireOwnStoreParam],
      schema: {
        tags: ['stores'],
        summary: 'Edit a store',
        security,
        params: idParams,
        body: storeSchema,
        response: { 200: successSchema(storeDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await updateStore(app, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/stores/:id',
    {
      onRequest: [requireAudience('configuration.stores')],
      preValidation: [requireOwnStoreParam],
      schema: {
        tags: ['stores'],
        summary: 'Delete a store that holds no mailboxes',
        security,
        params: idParams,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await deleteStore(app, actorOf(request), request.params.id);
      return ok(null);
    },
  );
};
