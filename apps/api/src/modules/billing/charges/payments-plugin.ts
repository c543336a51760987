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
 * server.ts reaches them). The sandbox keeps its record in the app's database, outside every transaction.
 */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, opts) => {
    app.decorate(
      'payments',
      opts.provider ?? createPaymentProvider(app.config.payments, { store: providerRecordStore(app.db) }),
    );
    const purposes = new PurposeRegistry();
    purposes.register(planPurchasePurpose);
    purposes.register(invoicePaymentPurpose);
    app.decorate('purposes', purposes);
    app.decorate(
      'issuers',
      new IssuerDirectory({ name: app.config.companyName, supportEmail: app.config.mail.supportEmail }),
    );
  },
  { name: 'payments', dependencies: ['app-context'] },
);
