import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { savedAddressSchema } from '@postwise/shared/schemas/shipping';
import { savedAddressDtoSchema } from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { requireAudience } from '../../identity';
import { actorOf } from '../shipments/shipper-access';
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

const security = [{ accessToken: [] }];
const tags = ['addresses'];
const idParams = z.object({ id: z.uuid(ADDRESS_NOT_FOUND) });
const listQuery = pageQuerySchema.extend({ search: z.string().max(100).optional() });

/** Address list (/address-list): a shipper's own senders and receivers; nobody sees another's. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };

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
