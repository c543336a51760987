import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, WebhookSignatureError } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';

interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const CARD_ERROR = (code: string, decline: string, message: string, extra: object = {}) => ({
  error: { type: 'card_error', code, decline_code: decline, message, ...extra },
});

/** A local stand-in for api.stripe.com answering the calls the adapter makes, in Stripe's shapes. */
function stripeFake() {
  const seen: Seen[] = [];
  const byKey = new Map<string, { status: number; body: unknown; params: string }>();
  /** PaymentIntents made, newest last, as GET /v1/payment_intents lists them (newest first). */
  const made: {
    id: string;
    customer: string | null;
    status: string;
    amount: number;
    metadata: Record<string, string>;
  }[] = [];
  let intents = 0;
  let refunds = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => resolve(raw));
    });
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const key = req.headers['idempotency-key'] as string | undefined;
    const path = req.url ?? '';
    seen.push({ method: req.method ?? '', path, body, idempotencyKey: key, authorization: req.headers.authorization });
    const params = [...body.entries()].sort(([a], [b]) => a.localeCompare(b)).join('&');
    const reply = (status: number, payload: unknown) => {
      if (key) byKey.set(key, { status, body: payload, params });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(payload));
    };
    if (key && byKey.has(key)) {
      const earlier = byKey.get(key)!;
      // As Stripe: a key used again with other parameters is refused.
      if (earlier.params !== params) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          }),
        );
      }
      res.writeHead(earlier.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return res.end(JSON.stringify(earlier.body));
    }
    if (req.method === 'GET' && path.startsWith('/v1/payment_intents?')) {
      const customer = new URL(path, 'http://x').searchParams.get('customer');
      const data = made
        .filter((i) => i.customer === customer)
        .reverse()
        .map((i) => ({ object: 'payment_intent', ...i }));
      return reply(200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
    }
    const retrieved = req.method === 'GET' ? /^\/v1\/payment_intents\/([^/?]+)/.exec(path) : null;
    if (retrieved) {
      const intent = made.find((i) => i.id === retrieved[1]);
      if (!intent) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      const fee = Math.round((intent.amount * 29) / 1000) + 30;
      return reply(200, {
        object: 'payment_intent',
        ...intent,
        latest_charge: {
          id: `ch_${intent.id}`,
          object: 'charge',
          balance_transaction: { object: 'balance_transaction', fee },
        },
      });
    }
    if (path === '/v1/customers') return reply(200, { id: 'cus_fake_1', object: 'customer' });
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (attach) {
      const pm = attach[1]!;
      if (pm === 'pm_card_chargeDeclined')
        return reply(402, CARD_ERROR('card_declined', 'generic_decline', 'Your card was declined.'));
      if (pm === 'pm_card_insufficient')
        return reply(402, CARD_ERROR('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'));
      return reply(200, {
        id: pm,
        object: 'payment_method',
        type: 'card',
        customer: body.get('customer'),
        card: { brand: 'visa', last4: pm.includes('Fail') ? '0341' : '4242', exp_month: 12, exp_year: 2034 },
      });
    }
    if (/^\/v1\/payment_methods\/[^/]+\/detach$/.test(path)) return reply(200, { id: 'pm', object: 'payment_method' });
    if (path === '/v1/payment_intents') {
      intents += 1;
      const id = `pi_fake_${intents}`;
      const metadata = Object.fromEntries(
        [...body.entries()]
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
      );
      const failing = body.get('payment_method')?.includes('Fail') ?? false;
      made.push({
        id,
        customer: body.get('customer'),
        status: failing ? 'requires_payment_method' : 'succeeded',
        amount: Number(body.get('amount')),
        metadata,
      });
      if (body.get('payment_method')?.includes('Fail')) {
        return reply(
          402,
          CARD_ERROR('card_declined', 'generic_decline', 'Your card was declined.', {
            payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
          }),
        );
      }
      return reply(200, { id, object: 'payment_intent', status: 'succeeded', amount: Number(body.get('amount')) });
    }
    if (path === '/v1/refunds') {
      if (body.get('payment_intent') === 'pi_unknown') {
        return reply(400, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      }
      refunds += 1;
      return reply(200, {
        id: `re_fake_${refunds}`,
        object: 'refund',
        status: 'succeeded',
        amount: Number(body.get('amount')),
        payment_intent: body.get('payment_intent'),
      });
    }
    reply(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  });
  return { server, seen };
}

describe('StripePaymentProvider against a local Stripe fake (SDK host/port/protocol)', () => {
  const fake = stripeFake();
  let provider: StripePaymentProvider;
  const WEBHOOK_SECRET = 'whsec_test_secret';

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('creates a customer with the secret key and a per-user idempotency key', async () => {
    const { customerId } = await provider.createCustomer({ userId: 'u1', email: 'a@example.com', name: 'Ann Lee' });
    expect(customerId).toBe('cus_fake_1');
    const call = fake.seen.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'customer:u1',
      authorization: 'Bearer sk_test_fake',
    });
    expect(call.body.get('email')).toBe('a@example.com');
    expect(call.body.get('metadata[userId]')).toBe('u1');
  });

  it('attaches an Elements payment method and reads brand, last4 and expiry', async () => {
    const card = await provider.attachCard('cus_fake_1', { kind: 'payment-method', paymentMethodId: 'pm_card_visa' });
    expect(card).toEqual({
      providerPaymentMethodId: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(fake.seen.at(-1)!.body.get('customer')).toBe('cus_fake_1');
  });

  it('turns a declined attach into PaymentDeclinedError with Stripe’s message and decline code', async () => {
    await expect(
      provider.attachCard('cus_fake_1', { kind: 'payment-method', paymentMethodId: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      name: 'PaymentDeclinedError',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const err = await provider
      .attachCard('cus_fake_1', { kind: 'payment-method', paymentMethodId: 'pm_card_insufficient' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentDeclinedError);
    expect((err as PaymentDeclinedError).code).toBe('insufficient_funds');
  });

  it('never accepts raw card numbers in Stripe mode', async () => {
    await expect(
      provider.attachCard('cus_fake_1', {
        kind: 'sandbox-card',
        number: '4242424242424242',
        expMonth: 1,
        expYear: 2030,
        cvc: '123',
      }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('charges off-session with the idempotency key; the same key is answered, not charged again', async () => {
    const request = {
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 2499,
      currency: 'usd' as const,
      idempotencyKey: 'purchase:u1:p1:key:abc#1',
      description: 'Standard Mailbox',
    };
    const first = await provider.charge(request);
    expect(first).toEqual({ status: 'succeeded', chargeId: 'pi_fake_1' });
    const call = fake.seen.at(-1)!;
    expect(call.idempotencyKey).toBe('purchase:u1:p1:key:abc#1');
    expect(Object.fromEntries(call.body)).toMatchObject({
      amount: '2499',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
      payment_method: 'pm_card_visa',
    });
    const again = await provider.charge(request);
    expect(again).toEqual(first);
    expect(fake.seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(2);
  });

  it('refunds a charge with the idempotency key; a retry with the same key is answered, not refunded again', async () => {
    const first = await provider.refund('pi_fake_1', 1200, 'refund:shipment:s1');
    expect(first).toEqual({ status: 'succeeded', refundId: 're_fake_1' });
    const call = fake.seen.at(-1)!;
    expect(call.idempotencyKey).toBe('refund:shipment:s1');
    expect(Object.fromEntries(call.body)).toMatchObject({ payment_intent: 'pi_fake_1', amount: '1200' });
    expect(await provider.refund('pi_fake_1', 1200, 'refund:shipment:s1')).toEqual(first);
    const refused = await provider.refund('pi_unknown', 100, 'refund:shipment:s2');
    expect(refused).toMatchObject({ status: 'failed', code: 'resource_missing' });
  });

  it('finds an interrupted charge by its key among the customer’s PaymentIntents, and its fee; never charges', async () => {
    const request = {
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 5000,
      currency: 'usd' as const,
      idempotencyKey: 'pi:intent-a#1',
      description: 'Invoice INV-001002',
      metadata: { intentId: 'intent-a' },
    };
    expect(await provider.retrieveCharge(request)).toBeNull();
    const charged = await provider.charge(request);
    const before = fake.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents').length;
    expect(await provider.retrieveCharge(request)).toEqual(charged);
    expect(fake.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents')).toHaveLength(before);
    expect(await provider.chargeFee({ chargeId: charged.chargeId!, amountCents: 5000 })).toBe(175);
  });

  it('a key sent again with other parameters is refused by Stripe (idempotency_error)', async () => {
    const request = {
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 700,
      currency: 'usd' as const,
      idempotencyKey: 'pi:intent-b#1',
      description: 'Shipment PW0000000001',
    };
    await provider.charge(request);
    await expect(provider.charge({ ...request, description: 'Shipment PW0000000002' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('reports a card declined at charge time as a failed result with the PaymentIntent id', async () => {
    const result = await provider.charge({
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visaChargeFail',
      amountCents: 1499,
      currency: 'usd',
      idempotencyKey: 'invoice:i1#1',
      description: 'Invoice INV-001001',
    });
    expect(result).toEqual({
      status: 'failed',
      chargeId: expect.stringMatching(/^pi_fake_\d+$/),
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('verifies webhook signatures with the webhook secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: 'pi_fake_2',
          object: 'payment_intent',
          last_payment_error: {
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        },
      },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(provider.parseWebhook(payload, header)).toMatchObject({
      id: 'evt_1',
      chargeId: 'pi_fake_2',
      outcome: 'failed',
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
    });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.parseWebhook(payload, wrong)).toThrow(WebhookSignatureError);
  });
});
