import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProvider } from './create-payment-provider';
import { IdempotencyMismatchError, PaymentDeclinedError } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox-provider';
import { StripePaymentProvider } from './stripe-provider';

const sandbox = new SandboxPaymentProvider('whsec_unit');
const card = (number: string) => ({ kind: 'sandbox-card' as const, number, expMonth: 4, expYear: 2033, cvc: '123' });

describe('SandboxPaymentProvider (Stripe test mode stand-in)', () => {
  it('saves 4242 4242 4242 4242 as a visa ending 4242 and charges it', async () => {
    const saved = await sandbox.attachCard('cus', card('4242 4242 4242 4242'));
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2033 });
    const result = await sandbox.charge({
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 100,
      currency: 'usd',
      idempotencyKey: 'k#1',
      description: 'x',
    });
    expect(result.status).toBe('succeeded');
  });

  it('refunds a charge once per idempotency key and never more than was charged', async () => {
    const provider = new SandboxPaymentProvider('whsec_unit');
    const saved = await provider.attachCard('cus', card('4242 4242 4242 4242'));
    const charged = await provider.charge({
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'buy#1',
      description: 'x',
    });
    const chargeId = charged.chargeId!;
    const first = await provider.refund(chargeId, 600, 'refund:a');
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund(chargeId, 600, 'refund:a')).toEqual(first);
    expect(provider.refunds).toHaveLength(1);
    // 600 of 1,000 refunded: another 600 is refused, 400 goes through.
    expect(await provider.refund(chargeId, 600, 'refund:b')).toMatchObject({ status: 'failed' });
    expect(await provider.refund(chargeId, 400, 'refund:c')).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund(chargeId, 0, 'refund:d')).toMatchObject({ status: 'failed', code: 'invalid_amount' });
  });

  it('retrieveCharge answers what a charge with an idempotency key did, or null when it never arrived', async () => {
    const provider = new SandboxPaymentProvider('whsec_unit');
    const saved = await provider.attachCard('cus', card('4000 0000 0000 0341'));
    const request = {
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 100,
      currency: 'usd' as const,
      idempotencyKey: 'recover#1',
      description: 'x',
    };
    expect(await provider.retrieveCharge(request)).toBeNull();
    const charged = await provider.charge(request);
    expect(await provider.retrieveCharge(request)).toEqual(charged);
    expect(charged).toMatchObject({ status: 'failed', code: 'card_declined' });
    expect(provider.charges).toHaveLength(1);
  });

  it('refuses a repeated idempotency key with other parameters, as Stripe does (idempotency_error)', async () => {
    const provider = new SandboxPaymentProvider('whsec_unit');
    const saved = await provider.attachCard('cus', card('4242 4242 4242 4242'));
    const request = {
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 1250,
      currency: 'usd' as const,
      idempotencyKey: 'label#1',
      description: 'Shipment PW0000000001',
      metadata: { shipmentId: 'a' },
    };
    const first = await provider.charge(request);
    expect(await provider.charge({ ...request })).toEqual(first);
    await expect(provider.charge({ ...request, description: 'Shipment PW0000000002' })).rejects.toBeInstanceOf(
      IdempotencyMismatchError,
    );
    await expect(provider.charge({ ...request, metadata: { shipmentId: 'b' } })).rejects.toBeInstanceOf(
      IdempotencyMismatchError,
    );
    expect(provider.charges).toHaveLength(1);
  });

  it('keeps its record in the store it is given, so a new process finds what an earlier one charged', async () => {
    const records = new Map<string, { request: Record<string, unknown>; response: Record<string, unknown> }>();
    const store = {
      async put(kind: string, key: string, request: Record<string, unknown>, response: Record<string, unknown>) {
        const k = `${kind}:${key}`;
        if (!records.has(k)) records.set(k, { request, response });
        return records.get(k)!;
      },
      async get(kind: string, key: string) {
        return records.get(`${kind}:${key}`) ?? null;
      },
    };
    const before = new SandboxPaymentProvider('whsec_unit', store);
    const saved = await before.attachCard('cus', card('4242 4242 4242 4242'));
    const request = {
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 999,
      currency: 'usd' as const,
      idempotencyKey: 'pi:crash#1',
      description: 'Top-up',
    };
    const charged = await before.charge(request);
    const after = new SandboxPaymentProvider('whsec_unit', store);
    expect(await after.retrieveCharge(request)).toEqual(charged);
    expect(await after.charge(request)).toEqual(charged);
    await expect(after.charge({ ...request, amountCents: 1000 })).rejects.toBeInstanceOf(IdempotencyMismatchError);
    expect(await after.chargeFee({ chargeId: charged.chargeId!, amountCents: 999 })).toBe(59);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
  ])('refuses %s when saved (%s)', async (number, code, message) => {
    const err = await sandbox.attachCard('cus', card(number)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentDeclinedError);
    expect(err).toMatchObject({ code, message });
  });

  it('4000 0000 0000 0341 attaches but every charge fails; the same key gives the same charge id', async () => {
    const saved = await sandbox.attachCard('cus', card('4000000000000341'));
    const request = {
      customerId: 'cus',
      paymentMethodId: saved.providerPaymentMethodId,
      amountCents: 100,
      currency: 'usd' as const,
      idempotencyKey: 'k#2',
      description: 'x',
    };
    const a = await sandbox.charge(request);
    const b = await sandbox.charge(request);
    expect(a).toMatchObject({ status: 'failed', code: 'card_declined', message: 'Your card was declined.' });
    expect(b.chargeId).toBe(a.chargeId);
  });

  it('refuses numbers that are not Stripe test cards, as test mode does', async () => {
    await expect(sandbox.attachCard('cus', card('4111111111111111'))).rejects.toMatchObject({ code: 'card_declined' });
    await expect(sandbox.attachCard('cus', { kind: 'payment-method', paymentMethodId: 'pm_1' })).rejects.toBeInstanceOf(
      PaymentDeclinedError,
    );
  });
});

describe('payment provider config', () => {
  it('defaults to the sandbox; Stripe needs its keys (and the webhook secret in production)', () => {
    expect(createPaymentProvider(loadConfig({}, {}).payments)).toBeInstanceOf(SandboxPaymentProvider);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' }, {})).toThrow(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadConfig(
        { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', NODE_ENV: 'production' },
        {},
      ),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const stripe = loadConfig(
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x' },
      {},
    );
    const provider = createPaymentProvider(stripe.payments);
    expect(provider).toBeInstanceOf(StripePaymentProvider);
    expect(provider.publishableKey).toBe('pk_x');
    expect(loadConfig({ BILLING_INTERVAL_SECONDS: 0 }, {}).billingIntervalSeconds).toBe(0);
  });
});
