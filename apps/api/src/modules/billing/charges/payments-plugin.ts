import fp from 'fastify-plugin';
import { createPaymentProvider } from '../../../integrations/payments/create-payment-provider';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider chosen by PAYMENT_PROVIDER: Stripe, or the sandbox (embedded default). */
    payments: PaymentProvider;
  }
}

/** Decorates the app with its payment provider (root level, so the billing runner in server.ts reaches it). */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, opts) => {
    app.decorate('payments', opts.provider ?? createPaymentProvider(app.config.payments));
  },
  { name: 'payments', dependencies: ['app-context'] },
);
