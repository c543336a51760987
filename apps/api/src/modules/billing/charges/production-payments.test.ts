import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assertServerConfig,
  DEV_SANDBOX_WEBHOOK_SECRET,
  DEV_TRACKING_WEBHOOK_SECRET,
  loadConfig,
  startupWarnings,
} from '../../../config';
import type { Mailer } from '../../../integrations/mailer/mailer';
import { suiteApp } from '../../../test/suite-app';
import { invoices } from '../schema/invoices';
import { transactions } from '../schema/transactions';

/**
 * Production never falls back to sandbox payments or to a secret written in the source: an anonymous webhook
 * signed with the well-known sandbox secret once marked a declined invoice paid there.
 */

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };

/** Stripe's signature header for a body, as an attacker holding the secret would compute it. */
function stripeSignature(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

describe('payment configuration in production', () => {
  it('refuses to start without PAYMENT_PROVIDER, naming it in one line', () => {
    expect(() => assertServerConfig(loadConfig({}, PRODUCTION))).toThrow(
      /^Invalid configuration: PAYMENT_PROVIDER is required when NODE_ENV=production[^\n]*$/,
    );
  });

  it('refuses the sandbox without the explicit opt-in, and shouts about it with the opt-in', () => {
    expect(() => assertServerConfig(loadConfig({}, { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' }))).toThrow(
      /ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true/,
    );
    const optedIn = loadConfig(
      {},
      { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' },
    );
    expect(() => assertServerConfig(optedIn)).not.toThrow();
    expect(startupWarnings(optedIn)).toEqual([expect.stringContaining('SANDBOX PAYMENTS IN PRODUCTION')]);
  });

  it('starts with Stripe and its keys, and without a warning', () => {
    const stripe = loadConfig(
      {},
      {
        ...PRODUCTION,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_live_x',
      },
    );
    expect(() => assertServerConfig(stripe)).not.toThrow();
    expect(startupWarnings(stripe)).toEqual([]);
    expect(() =>
      loadConfig(
        {},
        { ...PRODUCTION, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' },
      ),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('has no secret from the source in production', () => {
    const config = loadConfig(
      {},
      { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' },
    );
    expect(config.payments.sandboxWebhookSecret).not.toBe(DEV_SANDBOX_WEBHOOK_SECRET);
    expect(config.shipping.trackingWebhookSecret).toBeUndefined();
    expect(config.shipping.credentialsKey).toBeUndefined();
    // Development keeps its fixed values, so the sandbox works out of the box.
    const dev = loadConfig({}, {});
    expect(dev.payments.sandboxWebhookSecret).toBe(DEV_SANDBOX_WEBHOOK_SECRET);
    expect(dev.shipping.trackingWebhookSecret).toBe(DEV_TRACKING_WEBHOOK_SECRET);
    expect(dev.payments.provider).toBe('sandbox');
  });
});

describe('the sandbox webhook in production (opted in)', () => {
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (m) => ({ ...m, id: 'x', from: 'x', createdAt: new Date().toISOString(), attachments: [] }),
    close: async () => {},
  };

  const suite = suiteApp({
    mailer,
    config: { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: true },
  });

  it('does not exist: a correctly signed event for a declined renewal answers 404 and changes nothing', async () => {
    const [failed] = await suite.t.database.db.select().from(transactions).where(eq(transactions.status, 'failed'));
    expect(failed?.providerChargeId).toBeTruthy();
    const payload = JSON.stringify({
      id: 'evt_forged_success',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: failed!.providerChargeId, object: 'payment_intent', status: 'succeeded' } },
    });
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, DEV_SANDBOX_WEBHOOK_SECRET),
      },
      payload,
    });
    expect(res.statusCode).toBe(404);
    const [txn] = await suite.t.database.db.select().from(transactions).where(eq(transactions.id, failed!.id));
    expect(txn!.status).toBe('failed');
    const [invoice] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, failed!.invoiceId!));
    expect(invoice!.status).not.toBe('paid');
  });
});
