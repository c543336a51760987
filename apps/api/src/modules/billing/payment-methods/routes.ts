import type { PaymentsClientConfig, SavedPaymentMethod } from '@postwise/shared/billing';
import { sandboxCardSchema } from '@postwise/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { validationFailed } from '../../../lib/errors';
import type { Same } from '../../../lib/type-checks';
import { getAuth, requireAudience } from '../../identity';
import type { CardToAttach } from '../../../integrations/payments/payment-provider';
import { addPaymentMethod, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './service';

const security = [{ accessToken: [] }];

const paymentMethodSchema = z
  .object({
    id: z.string(),
    type: z.literal('card'),
    isDefault: z.boolean(),
    providerPaymentMethodId: z.string(),
    status: z.literal('active'),
    card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedPaymentMethod' });
const pmMatches: Same<z.output<typeof paymentMethodSchema>, SavedPaymentMethod> = true;
void pmMatches;

const configSchema = z.object({ provider: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable() });
const configMatches: Same<z.output<typeof configSchema>, PaymentsClientConfig> = true;
void configMatches;

/**
 * Body of POST paymentMethods: the sandbox form's card (number, expiry, CVC), or the id of a PaymentMethod
 * that Stripe.js created in the browser. `isDefault` defaults to true: the card just added becomes the default.
 */
const addBody = z.object({
  card: z
    .object({
      number: z.string(),
      expMonth: z.union([z.number(), z.string()]),
      expYear: z.union([z.number(), z.string()]),
      cvc: z.string(),
    })
    .optional(),
  paymentMethodId: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]+$/, 'Payment method id is invalid.')
    .optional(),
  isDefault: z.boolean().optional(),
});

const idParams = z.object({ id: z.uuid('Payment method id is invalid.') });

export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/paymentMethods/config',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['payment methods'],
        summary: 'Which card form to show: the sandbox form, or Stripe Elements with its publishable key',
        security,
        response: { 200: successSchema(configSchema), ...failures(401) },
      },
    },
    async () => ok({ provider: app.payments.name, publishableKey: app.payments.publishableKey }),
  );

  app.get(
    '/paymentMethods',
    {
      onRequest: [requireAudience('payment-methods.own')],
      schema: {
        tags: ['payment methods'],
        summary: "The caller's saved cards (the default first), the whole list",
        security,
        response: { 200: pageSchema(paymentMethodSchema), ...failures(401, 403) },
      },
    },
    async (request) => {
      const items = await listPaymentMethods(app.db, getAuth(request).user.id);
      return { isSuccess: true as const, items, pageNo: 1, pageSize: items.length, total: items.length };
    },
  );

  app.post(
    '/paymentMethods',
    {
      onRequest: [requireAudience('payment-methods.own')],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment methods'],
        summary: 'Save a card (becomes the default unless isDefault is false)',
        description:
          'Sandbox: { card: { number, expMonth, expYear, cvc } } with Stripe test numbers; only brand, last4 and ' +
          'expiry are kept. Stripe: { paymentMethodId } from Stripe Elements. A refused card answers 402 PAYMENT_FAILED.',
        security,
        body: addBody,
        response: { 200: successSchema(paymentMethodSchema), ...failures(401, 402, 403, 422, 429) },
      },
    },
    async (request) => {
      const { card, paymentMethodId, isDefault } = request.body;
      let toAttach: CardToAttach;
      if (app.payments.name === 'sandbox') {
        if (!card) throw validationFailed('Card details are required', { card: 'Card details are required' });
        const parsed = sandboxCardSchema(app.config.now).safeParse(card);
        if (!parsed.success) {
          const errors: Record<string, string> = {};
          for (const issue of parsed.error.issues) errors[`card.${issue.path.join('.')}`] ??= issue.message;
          throw validationFailed(parsed.error.issues[0]?.message ?? 'Card details are invalid', errors);
        }
        toAttach = { kind: 'sandbox-card', ...parsed.data };
      } else {
        // Stripe mode: card numbers must never reach this server.
        if (!paymentMethodId || card) {
          const message = 'Card details must be entered in the secure card field.';
          throw validationFailed(message, { paymentMethodId: message });
        }
        toAttach = { kind: 'payment-method', paymentMethodId };
      }
      const saved = await addPaymentMethod(app.db, app.payments, getAuth(request).user, toAttach, isDefault ?? true);
      return ok(saved, 'Card saved successfully');
    },
  );

  // Spec 7 leaves the HTTP method of change-default open: PUT and PATCH both work.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/paymentMethods/change-default/:id',
      onRequest: [requireAudience('payment-methods.own')],
      schema: {
        tags: ['payment methods'],
        summary: "Make one of the caller's cards the default",
        security,
        params: idParams,
        response: { 200: successSchema(paymentMethodSchema), ...failures(401, 403, 404, 422) },
      },
      handler: async (request) =>
        ok(await setDefaultPaymentMethod(app.db, getAuth(request).user.id, request.params.id), 'Default card updated'),
    });
  }

  app.delete(
    '/paymentMethods/:id',
    {
      onRequest: [requireAudience('payment-methods.own')],
      schema: {
        tags: ['payment methods'],
        summary: "Remove one of the caller's cards (the newest other card becomes the default)",
        security,
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await removePaymentMethod(app.db, app.payments, getAuth(request).user.id, request.params.id), 'Card removed'),
  );
};
