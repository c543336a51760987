import fp from 'fastify-plugin';
import { createPaymentProvider } from '../../../integrations/payments/create-payment-provider';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider chosen by PAYMENT_PROVIDER: Stripe, or the sandbox (embedded default). */
    payments: PaymentProvider;
  }
}

/**
 * Decorates the app with its payment provider (root level, so the billing runner in server.ts reaches it). Every
 * card charge, whichever use case makes it, is counted in `postwise_charges_total` by outcome (succeeded, failed,
 * error: the provider's answer is unknown). The provider's own `charge` is wrapped on the instance, so the
 * instance stays the one the tests drive.
 */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, opts) => {
    const provider = opts.provider ?? createPaymentProvider(app.config.payments);
    const charge = provider.charge.bind(provider);
    const counter = app.metrics.charges;
    provider.charge = async (request) => {
      try {
        const result = await charge(request);
        counter.inc({ outcome: result.status });
        return result;
      } catch (err) {
        counter.inc({ outcome: 'error' });
        throw err;
      }
    };
    app.decorate('payments', provider);
  },
  { name: 'payments', dependencies: ['app-context', 'metrics'] },
);
