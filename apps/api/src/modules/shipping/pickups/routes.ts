import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { pickupSchema } from '@postwise/shared/schemas/shipping';
import { addressDtoSchema, shipmentCustomerDtoSchema } from '@postwise/shared/schemas/shipping-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { requireAudience, actorOf } from '../../identity';
import { quoteContext } from '../shipments/shipping-context';
import { cancelPickup, listPickups, PICKUP_NOT_FOUND, schedulePickup } from './service';

const security = [{ accessToken: [] }];
const tags = ['pickups'];

const pickupDtoSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    address: addressDtoSchema.partial({ companyName: true, line2: true, phone: true, email: true }),
    date: z.string(),
    windowStart: z.string(),
    windowEnd: z.string(),
    shipmentIds: z.array(z.string()),
    packageCount: z.number().int(),
    instructions: z.string().nullable(),
    status: z.enum(['scheduled', 'cancelled']),
    confirmation: z.string().nullable(),
    createdAt: z.string(),
    /** Whose pickup: on the super admin's list only. */
    customer: shipmentCustomerDtoSchema.nullable(),
  })
  .meta({ id: 'Pickup' });

/** Pickups (/pickups, /pickups/schedule): a shipper's own carrier pickups. */
export const pickupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAudience('shipping.use')] };

  app.get(
    '/pickups',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "Own pickups (the super admin: every customer's, with the customer), latest date first, paged",
        querystring: pageQuerySchema,
        response: { 200: pageSchema(pickupDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listPickups(quoteContext(app), actorOf(request), request.query),
  );

  app.post(
    '/pickups',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Schedule a carrier pickup: address, date, time window, shipments or a number of packages',
        body: pickupSchema,
        response: { 201: successSchema(pickupDtoSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await schedulePickup(quoteContext(app), actorOf(request), request.body), 'Pickup scheduled')),
  );

  app.delete(
    '/pickups/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Cancel an own pickup (the super admin: any), kept with status cancelled',
        params: z.object({ id: z.uuid(PICKUP_NOT_FOUND) }),
        response: { 200: successSchema(pickupDtoSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      ok(await cancelPickup(quoteContext(app), actorOf(request), request.params.id), 'Pickup cancelled'),
  );
};
