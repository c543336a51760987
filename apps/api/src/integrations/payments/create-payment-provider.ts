import type { AppConfig } from '../../config';
import type { PaymentProvider, ProviderRecordStore } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox-provider';
import { StripePaymentProvider } from './stripe-provider';

/** The provider chosen by PAYMENT_PROVIDER (config.ts checks that Stripe mode has its keys). */
export function createPaymentProvider(
  payments: AppConfig['payments'],
  options: { store?: ProviderRecordStore } = {},
): PaymentProvider {
  if (payments.provider === 'stripe') {
    if (!payments.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    return new StripePaymentProvider(payments.stripe);
  }
  return new SandboxPaymentProvider(payments.sandboxWebhookSecret, options.store);
}
