import { DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '@postwise/shared/testing/demo-shipment';
import { EasyPostFake } from '../integrations/carriers/easypost-fake';
import { createTestApp, type TestApp } from './test-app';

/** Requests and payloads the shipping API tests share. */
export { DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER };

export function apiCaller(t: TestApp) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { 'x-access-Token': token } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Tokens of the four demo accounts most shipping tests act as (shipper, user, super admin, mailbox), signed in at once. */
export async function shippingTokens(t: TestApp) {
  const [shipper, user, admin, mailbox] = await Promise.all([
    t.login('shipper@example.com'),
    t.login('user@example.com'),
    t.login('superadmin@example.com'),
    t.login('mailbox@example.com'),
  ]);
  return { shipper, user, admin, mailbox };
}

let seq = 0;
export const idempotencyKey = () => `kit-${Date.now()}-${++seq}`;

/** A shipment as bought: what the tests read of the answer. */
interface Bought {
  id: string;
  uniqueId: string;
  carrier: string;
  trackingNumber: string;
  priceCents: number;
}

/** Quotes the request and buys the rate `pick` chooses of the quote's rates, with the card. */
async function quoteAndBuy(
  t: TestApp,
  token: string,
  request: Record<string, unknown>,
  pick: (rates: { id: string; service: string }[]) => { id: string } | undefined,
): Promise<Bought> {
  const call = apiCaller(t);
  const quote = await call('POST', '/shipments/quotes', token, request);
  const rate = pick(quote.json().data?.rates ?? []);
  if (!rate) throw new Error(`no rate to buy: ${quote.statusCode} ${quote.body}`);
  const res = await call(
    'POST',
    '/shipments',
    token,
    { rateId: rate.id, payment: 'card' },
    { 'idempotency-key': idempotencyKey() },
  );
  if (res.statusCode !== 201) throw new Error(`buy failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Bought;
}

/** Quotes and buys the cheapest rate with a card (the caller must have a default card). */
export function buyCheapest(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  const request = { sender: DEMO_SENDER, receiver: DEMO_RECEIVER, packages: [DEMO_BOX], ...body };
  return quoteAndBuy(t, token, request, (rates) => rates[0]);
}

export async function addCard(t: TestApp, token: string, number = '4242424242424242') {
  const res = await apiCaller(t)('POST', '/paymentMethods', token, {
    card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
  });
  if (res.statusCode >= 300) throw new Error(`card failed: ${res.statusCode} ${res.body}`);
}

/**
 * A test app whose carrier is EasyPost, run against its local fake (integrations/carriers/easypost-fake.ts) and
 * switched on by the super admin with `apiKey`. `close` stops both.
 */
export async function easyPostTestApp(apiKey: string) {
  const fake = new EasyPostFake();
  const t = await createTestApp({
    config: { EASYPOST_API_URL: await fake.start(), CARRIER_CREDENTIALS_KEY: 'ab'.repeat(32) },
  });
  const admin = await t.login('superadmin@example.com');
  const on = await apiCaller(t)('PUT', '/carriers', admin, { provider: 'easypost', enabled: true, apiKey });
  if (on.statusCode !== 200) throw new Error(`EasyPost not switched on: ${on.statusCode} ${on.body}`);
  const close = async () => {
    await t.close();
    await fake.stop();
  };
  return { t, fake, admin, close };
}

/** Quotes and buys EasyPost's USPS GroundAdvantage with the card (a real carrier's label); answers it as bought. */
export function buyGroundAdvantage(
  t: TestApp,
  token: string,
  { sender = DEMO_SENDER, packages = [DEMO_BOX] }: { sender?: Record<string, unknown>; packages?: unknown[] } = {},
) {
  return quoteAndBuy(t, token, { sender, receiver: DEMO_RECEIVER, packages }, (rates) =>
    rates.find((r) => r.service === 'GroundAdvantage'),
  );
}
