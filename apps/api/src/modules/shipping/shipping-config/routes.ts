import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { adjustmentSchema } from '@postwise/shared/schemas/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { CARRIER_PROVIDERS } from '../shipments/carrier-registry';
import { requireAudience } from '../../identity';
import {
  deleteMarginDiscount,
  getShippingAccount,
  listCarrierConfigs,
  listMarginDiscounts,
  setCreditLimit,
  type ShippingConfigContext,
  testCarrierConnection,
  updateCarrierConfig,
  upsertMarginDiscount,
} from './service';

const security = [{ accessToken: [] }];
const carrierGuard = { onRequest: [requireAudience('configuration.carrier')] };
const marginGuard = { onRequest: [requireAudience('configuration.margin-discount')] };
const accountGuard = { onRequest: [requireAudience('shipping.manage')] };

const carrierConfigSchema = z
  .object({
    provider: z.enum(CARRIER_PROVIDERS),
    name: z.string(),
    enabled: z.boolean(),
    needsCredentials: z.boolean(),
    hasCredentials: z.boolean(),
    credentialsHint: z.string().nullable(),
    services: z.array(z.object({ carrier: z.string(), service: z.string(), enabled: z.boolean() })),
    disabledServices: z.array(z.string()),
    lastTestedAt: z.string().nullable(),
    lastTestOk: z.boolean().nullable(),
  })
  .meta({ id: 'CarrierConfig' });

const carrierUpdateSchema = z.object({
  provider: z.enum(CARRIER_PROVIDERS, { error: "Provider must be 'sandbox' or 'easypost'" }),
  enabled: z.boolean().optional(),
  /** Write-only: stored sealed, never answered. Empty or null removes it. */
  apiKey: z.string().trim().max(200).nullable().optional(),
  disabledServices: z.array(z.string().max(120)).max(200).optional(),
});

const marginDiscountSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['markup', 'discount']),
    userId: z.string().nullable(),
    user: z.object({ id: z.string(), email: z.string().nullable(), fullName: z.string().nullable() }).nullable(),
    carrier: z.string().nullable(),
    service: z.string().nullable(),
    type: z.enum(['AMOUNT', 'PERCENTAGE']),
    value: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MarginDiscount' });

const marginDiscountBody = adjustmentSchema.extend({
  kind: z.enum(['markup', 'discount'], { error: "Kind must be 'markup' or 'discount'" }),
  userId: z.uuid('Customer is invalid').nullish(),
  carrier: z.string().trim().max(60).nullish(),
  service: z.string().trim().max(120).nullish(),
});

const shippingAccountSchema = z
  .object({
    userId: z.string(),
    creditLimitCents: z.number().int(),
    creditBalanceCents: z.number().int(),
    payLaterOutstandingCents: z.number().int(),
  })
  .meta({ id: 'ShippingAccount' });

/** Carrier configuration, margin & discount and pay-later credit limits: SUPER_ADMIN only. */
export const shippingConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): ShippingConfigContext => ({
    db: app.db,
    carriers: app.carriers,
    credentialsKey: app.config.shipping.credentialsKey,
    now: app.config.now,
  });

  app.get(
    '/carriers',
    {
      ...carrierGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Carrier providers, their services and whether a key is set (never the key)',
        response: { 200: successSchema(z.array(carrierConfigSchema)), ...failures(401, 403) },
      },
    },
    async () => ok(await listCarrierConfigs(ctx())),
  );

  app.put(
    '/carriers',
    {
      ...carrierGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Enable a provider, set its API key (sealed with AES-256-GCM) or turn services off',
        body: carrierUpdateSchema,
        response: { 200: successSchema(carrierConfigSchema), ...failures(401, 403, 422, 503) },
      },
    },
    async (request) => ok(await updateCarrierConfig(ctx(), request.body), 'Carrier saved'),
  );

  app.post(
    '/carriers/test',
    {
      ...carrierGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Test connection with the stored key',
        body: carrierUpdateSchema.pick({ provider: true }),
        response: {
          200: successSchema(z.object({ ok: z.boolean(), message: z.string() })),
          ...failures(401, 403, 422),
        },
      },
    },
    async (request) => ok(await testCarrierConnection(ctx(), request.body.provider)),
  );

  app.get(
    '/margin-discounts',
    {
      ...marginGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Markups per carrier and service, and per-customer discounts (user-margin-discount), paged',
        querystring: pageQuerySchema.extend({
          kind: z.enum(['markup', 'discount']).optional(),
          userId: z.uuid().optional(),
        }),
        response: { 200: pageSchema(marginDiscountSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { kind, userId, ...page } = request.query;
      return listMarginDiscounts(app.db, page, { kind, userId });
    },
  );

  app.put(
    '/margin-discounts',
    {
      ...marginGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary:
          'Set a markup (carrier/service, AMOUNT cents or PERCENTAGE) or a customer discount; prices never go below cost',
        body: marginDiscountBody,
        response: { 200: successSchema(marginDiscountSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await upsertMarginDiscount(app.db, request.body, app.config.now()), 'Saved'),
  );

  app.delete(
    '/margin-discounts/:id',
    {
      ...marginGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Remove a markup or discount',
        params: z.object({ id: z.uuid('Margin or discount not found') }),
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await deleteMarginDiscount(app.db, request.params.id);
      return ok({ id: request.params.id }, 'Removed');
    },
  );

  app.get(
    '/shipping-accounts/:userId',
    {
      ...accountGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: "A customer's pay-later credit limit, refund credit and what is owed on open invoices",
        params: z.object({ userId: z.uuid('Customer not found') }),
        response: { 200: successSchema(shippingAccountSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getShippingAccount(app.db, request.params.userId)),
  );

  app.put(
    '/shipping-accounts/:userId',
    {
      ...accountGuard,
      schema: {
        tags: ['configuration'],
        security,
        summary: 'Set the pay-later credit limit of a customer (0: pay later not allowed)',
        params: z.object({ userId: z.uuid('Customer not found') }),
        body: z.object({
          creditLimitCents: z.coerce
            .number('Credit limit must be a number')
            .int('Credit limit must be whole cents')
            .min(0, 'Credit limit cannot be negative')
            .max(100_000_000),
        }),
        response: { 200: successSchema(shippingAccountSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await setCreditLimit(app.db, request.params.userId, request.body.creditLimitCents, app.config.now()), 'Saved'),
  );
};
