import fp from 'fastify-plugin';
import { createPaymentProvider } from '../../../integrations/payments/create-payment-provider';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { providerRecordStore } from '../ledger/provider-records';
import { IssuerDirectory } from '../invoices/issuers';
import { PurposeRegistry } from '../ledger/purposes';
import { invoicePaymentPurpose } from '../subscriptions/pay-invoice';
import { planPurchasePurpose } from '../subscriptions/purchase-plan';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider chosen by PAYMENT_PROVIDER: Stripe, or the sandbox (embedded default). */
    payments: PaymentProvider;
    /** What the ledger can take money for; areas above billing register theirs (labels, mail forwards). */
    purposes: PurposeRegistry;
    /** Who issues invoices as a business; the mailbox area hands in its stores. */
    issuers: IssuerDirectory;
  }
}

/**
 * Decorates the app with its payment provider and the ledger's purposes (root level, so the billing runner in
 * server.ts reaches them). The sandbox keeps its record in the app's database, outside every transaction. Every
 * card charge, whichever use case makes it, is counted in `postwise_charges_total` by outcome (succeeded, failed,
 * error: the provider's answer is unknown). The provider's own `charge` is wrapped on the instance, so the
 * instance stays the one the tests drive.
 */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, opts) => {
    const provider =
      opts.provider ?? createPaymentProvider(app.config.payments, { store: providerRecordStore(app.db) });
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
    const purposes = new PurposeRegistry();
    purposes.register(planPurchasePurpose);
    purposes.register(invoicePaymentPurpose);
    app.decorate('purposes', purposes);
    app.decorate(
      'issuers',
      new IssuerDirectory({ name: app.config.companyName, supportEmail: app.config.mail.supportEmail }),
    );
  },
  { name: 'payments', dependencies: ['app-context', 'metrics'] },
);
