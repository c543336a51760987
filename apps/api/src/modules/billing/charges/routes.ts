import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { invoicesRoutes } from '../invoices/routes';
import { paymentMethodsRoutes } from '../payment-methods/routes';
import { subscriptionsRoutes } from '../subscriptions/routes';
import { billingContext } from '../context';
import { handleWebhook } from './webhook';

/** The provider's webhook. Its JSON body is kept raw (the signature covers the exact bytes). */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment provider events (Stripe signature format), each processed once',
        security: [{ paymentSignature: [] }],
        hide: false,
        response: {
          200: successSchema(z.object({ received: z.literal(true), duplicate: z.boolean(), eventId: z.string() })),
          ...failures(400),
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = typeof request.body === 'string' ? request.body : '';
      return ok(await handleWebhook(billingContext(app), raw, Array.isArray(signature) ? signature[0] : signature));
    },
  );
};

/** Subscriptions, payment methods, invoices and the provider webhook. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(subscriptionsRoutes);
  await app.register(paymentMethodsRoutes);
  await app.register(invoicesRoutes);
  // Production has no sandbox webhook: nothing real can arrive there, and anyone could sign for the sandbox.
  if (!(app.config.isProduction && app.config.payments.provider === 'sandbox')) await app.register(webhookRoutes);
};
