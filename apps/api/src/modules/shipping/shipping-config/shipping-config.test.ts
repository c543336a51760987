import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierConfigs } from '../schema/shipping';
import { users } from '../../identity/schema/users';
import { EasyPostFake } from '../../../integrations/carriers/easypost-fake';
import { openSecret } from '../../../lib/secret-box';
import { apiCaller, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '../../../test/shipping-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let fake: EasyPostFake;
let admin: string;
let shipper: string;
let subAdmin: string;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  fake = new EasyPostFake();
  const baseUrl = await fake.start();
  t = await createTestApp({ config: { EASYPOST_API_URL: baseUrl, CARRIER_CREDENTIALS_KEY: 'cd'.repeat(32) } });
  call = apiCaller(t);
  [admin, shipper, subAdmin] = await Promise.all([
    t.login('superadmin@example.com'),
    t.login('shipper@example.com'),
    t.login('subadmin@example.com'),
  ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const quote = () =>
  call('POST', '/shipments/quotes', shipper, { sender: DEMO_SENDER, receiver: DEMO_RECEIVER, packages: [DEMO_BOX] });

describe('carrier configuration (super admin)', () => {
  it('lists the sandbox on by default and EasyPost off, without any secret', async () => {
    const res = await call('GET', '/carriers', admin);
    expect(res.statusCode).toBe(200);
    const [sandbox, easypost] = res.json().data;
    expect(sandbox).toMatchObject({ provider: 'sandbox', enabled: true, needsCredentials: false });
    expect(sandbox.services).toContainEqual({ carrier: 'FedEx', service: 'FedEx Ground', enabled: true });
    expect(easypost).toMatchObject({
      provider: 'easypost',
      enabled: false,
      hasCredentials: false,
      credentialsHint: null,
    });
  });

  it('stores the EasyPost key sealed, never answers it, tests the connection and quotes through it', async () => {
    expect((await call('PUT', '/carriers', admin, { provider: 'easypost', enabled: true })).json().message).toBe(
      'Enter the API key before enabling this carrier.',
    );
    const saved = await call('PUT', '/carriers', admin, {
      provider: 'easypost',
      enabled: true,
      apiKey: 'EZAK_secret_9876',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('EZAK_secret');
    expect(saved.json().data).toMatchObject({ enabled: true, hasCredentials: true, credentialsHint: '••••9876' });
    const [row] = await t.database.db.select().from(carrierConfigs).where(eq(carrierConfigs.provider, 'easypost'));
    expect(row!.credentialsSealed).not.toContain('EZAK');
    expect(openSecret(Buffer.from('cd'.repeat(32), 'hex'), row!.credentialsSealed!)).toBe('EZAK_secret_9876');
    expect((await call('GET', '/carriers', admin)).body).not.toContain('EZAK_secret');

    const test = await call('POST', '/carriers/test', admin, { provider: 'easypost' });
    expect(test.json().data).toEqual({ ok: true, message: 'Connected to EasyPost.' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: 'carrier_accounts' });

    const rates = (await quote()).json().data.rates as { carrier: string; service: string }[];
    expect(rates.some((r) => r.service === 'GroundAdvantage')).toBe(true);
    expect(rates.some((r) => r.service === 'FedEx Ground')).toBe(true);
    await call('PUT', '/carriers', admin, { provider: 'easypost', enabled: false });
  });

  it('turns a sandbox service off and the next quote no longer offers it', async () => {
    await call('PUT', '/carriers', admin, { provider: 'sandbox', disabledServices: ['UPS|UPS Ground'] });
    const services = ((await quote()).json().data.rates as { service: string }[]).map((r) => r.service);
    expect(services).not.toContain('UPS Ground');
    expect(services).toContain('FedEx Ground');
    await call('PUT', '/carriers', admin, { provider: 'sandbox', disabledServices: [] });
  });

  it('is super admin only (401, 403) and validates (422)', async () => {
    expect((await call('GET', '/carriers')).statusCode).toBe(401);
    expect((await call('GET', '/carriers', shipper)).statusCode).toBe(403);
    expect((await call('GET', '/carriers', subAdmin)).statusCode).toBe(403);
    expect((await call('PUT', '/carriers', shipper, { provider: 'sandbox' })).statusCode).toBe(403);
    expect((await call('PUT', '/carriers', admin, { provider: 'dhl' })).statusCode).toBe(422);
    expect((await call('POST', '/carriers/test', shipper, { provider: 'sandbox' })).statusCode).toBe(403);
  });
});

describe('margin & discount (super admin)', () => {
  it('a markup changes the next quote; a customer discount lowers it but never below cost', async () => {
    const before = ((await quote()).json().data.rates as { service: string; priceCents: number }[]).find(
      (r) => r.service === 'USPS Ground Advantage',
    )!;
    const markup = await call('PUT', '/margin-discounts', admin, {
      kind: 'markup',
      carrier: 'USPS',
      type: 'PERCENTAGE',
      value: 12.5,
    });
    expect(markup.json(), markup.body).toMatchObject({ isSuccess: true });
    expect(markup.json().data).toMatchObject({
      kind: 'markup',
      carrier: 'USPS',
      service: null,
      type: 'PERCENTAGE',
      value: 12.5,
    });
    const after = ((await quote()).json().data.rates as { service: string; priceCents: number }[]).find(
      (r) => r.service === 'USPS Ground Advantage',
    )!;
    const adminRate = (
      (
        await call('POST', '/shipments/quotes', admin, {
          sender: DEMO_SENDER,
          receiver: DEMO_RECEIVER,
          packages: [DEMO_BOX],
        })
      ).json().data.rates as { service: string; margin: { costCents: number; markupCents: number } }[]
    ).find((r) => r.service === 'USPS Ground Advantage')!;
    // USPS's 12.5% replaces the seeded platform-wide 15%.
    expect(adminRate.margin.markupCents).toBe(Math.round((adminRate.margin.costCents * 12.5) / 100));
    expect(after.priceCents).toBe(adminRate.margin.costCents + adminRate.margin.markupCents);
    expect(after.priceCents).not.toBe(before.priceCents);

    const [shipperRow] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@example.com'));
    const discount = await call('PUT', '/margin-discounts', admin, {
      kind: 'discount',
      userId: shipperRow!.id,
      type: 'AMOUNT',
      value: 100_000,
    });
    expect(discount.json().data.user).toMatchObject({ email: 'shipper@example.com' });
    const adminView = (
      (
        await call('POST', '/shipments/quotes', admin, {
          sender: DEMO_SENDER,
          receiver: DEMO_RECEIVER,
          packages: [DEMO_BOX],
        })
      ).json().data.rates as { service: string; margin: { costCents: number } }[]
    ).find((r) => r.service === 'USPS Ground Advantage')!;
    const discounted = ((await quote()).json().data.rates as { service: string; priceCents: number }[]).find(
      (r) => r.service === 'USPS Ground Advantage',
    )!;
    expect(discounted.priceCents).toBe(adminView.margin.costCents);

    const list = (await call('GET', '/margin-discounts?kind=discount', admin)).json();
    expect(list).toMatchObject({ total: 1, items: [{ kind: 'discount', value: 100_000 }] });
    expect((await call('DELETE', `/margin-discounts/${discount.json().data.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/margin-discounts/${discount.json().data.id}`, admin)).statusCode).toBe(404);
  });

  it('sets a customer credit limit for pay later', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    // 0 by default: pay later is off until the admin sets a limit.
    expect((await call('GET', `/shipping-accounts/${row!.id}`, admin)).json().data).toMatchObject({
      creditLimitCents: 0,
    });
    const set = await call('PUT', `/shipping-accounts/${row!.id}`, admin, { creditLimitCents: 50_000 });
    expect(set.json().data).toMatchObject({ creditLimitCents: 50_000, payLaterOutstandingCents: 0 });
    expect((await call('PUT', `/shipping-accounts/${row!.id}`, admin, { creditLimitCents: -1 })).json().message).toBe(
      'Credit limit cannot be negative',
    );
    expect((await call('PUT', `/shipping-accounts/${row!.id}`, shipper, { creditLimitCents: 1 })).statusCode).toBe(403);
  });

  it('is super admin only and validates', async () => {
    expect((await call('GET', '/margin-discounts')).statusCode).toBe(401);
    expect((await call('GET', '/margin-discounts', shipper)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/margin-discounts', shipper, { kind: 'markup', type: 'AMOUNT', value: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/margin-discounts', admin, { kind: 'markup', type: 'FLAT', value: 1 })).json().message,
    ).toBe("Type must be 'AMOUNT' or 'PERCENTAGE'");
    expect(
      (await call('PUT', '/margin-discounts', admin, { kind: 'discount', type: 'AMOUNT', value: 1 })).json().message,
    ).toBe('Customer is required for a discount');
  });
});
