import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierConfigs } from '../../shipping/schema/shipping';
import { shipments } from '../../shipping/schema/shipments';
import { transactions } from '../../billing/schema/transactions';
import { paymentCustomers, paymentMethods } from '../../billing';
import { users } from '../../identity/schema/users';
import { mailForwardRates } from '../schema/mail';
import { suiteApp } from '../../../test/suite-app';
import { AVA, FORWARD_ADDRESS, mailKit, OTHER, PNG, SUB, SUPER, USER } from './mail-test-kit';
import { carrierServiceName } from '@postwise/shared/mail';

let userBox: string;
let avaBox: string;

const ADDRESS = FORWARD_ADDRESS;
const addressQuery = new URLSearchParams(ADDRESS).toString();

const suite = suiteApp(mailKit);
beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(USER);
  avaBox = await suite.kit.mailboxOf(AVA);
  // Ava (a customer of the sub-admin's store) pays her forwards with a sandbox card.
  const [ava] = await suite.t.database.db.select().from(users).where(eq(users.email, AVA));
  await suite.t.database.db
    .insert(paymentCustomers)
    .values({ userId: ava!.id, provider: 'sandbox', providerCustomerId: `cus_sandbox_test_${ava!.id.slice(0, 8)}` })
    .onConflictDoNothing();
  await suite.t.database.db
    .insert(paymentMethods)
    .values({
      userId: ava!.id,
      provider: 'sandbox',
      type: 'card',
      providerPaymentMethodId: `pm_sandbox_test_${ava!.id.slice(0, 8)}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
      status: 'active',
    })
    .onConflictDoNothing();
});

async function receive(box: string, operator: string, fields: Record<string, string>) {
  const res = await suite.kit.receive(operator, box, { kind: 'package', sender: 'Acme Parts', ...fields }, [
    { body: PNG, name: 'front.png', type: 'image/png' },
  ]);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; number: number };
}

const pkg = (fields: Record<string, string> = {}) =>
  receive(userBox, SUPER, { weightLb: '4', lengthIn: '12', widthIn: '10', heightIn: '6', ...fields });

interface Rate {
  rateId: string;
  kind: 'live' | 'formula';
  carrier: string | null;
  service: string | null;
  transitDays: number | null;
  priceCents: number;
  postageCents: number;
  handlingCents: number;
  consolidationCents: number;
  signatureCents: number;
  insuranceCents: number;
}

async function rates(itemId: string, extra = '', email = USER) {
  return suite.kit.as(email, 'GET', `mail-items/${itemId}/forward-rates?${addressQuery}${extra}`);
}

describe('GET mail-items/{id}/forward-rates', () => {
  it('answers 401 without a session, 403 to operators, 404 for another customer’s item', async () => {
    const item = await pkg();
    expect((await suite.kit.as(null, 'GET', `mail-items/${item.id}/forward-rates?${addressQuery}`)).statusCode).toBe(
      401,
    );
    expect((await rates(item.id, '', SUPER)).statusCode).toBe(403);
    const other = await rates(item.id, '', OTHER);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ isSuccess: false, message: 'Mail item not found' });
  });

  it('answers 422 for a missing address, a bad id or declared value, and another customer’s item to consolidate', async () => {
    const item = await pkg();
    const noAddress = await suite.kit.as(USER, 'GET', `mail-items/${item.id}/forward-rates`);
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().message).toBe('Name is required');
    expect((await suite.kit.as(USER, 'GET', `mail-items/${item.id}/forward-rates?addressId=nope`)).statusCode).toBe(
      422,
    );
    const badValue = await rates(item.id, '&declaredValueCents=-5');
    expect(badValue.statusCode).toBe(422);
    expect(badValue.json().message).toBe('Declared value must be a whole number of cents from 0');
    const avas = await receive(avaBox, SUB, { weightLb: '2' });
    const foreign = await rates(item.id, `&itemIds=${avas.id}`);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('itemIds');
  });

  it('rates the items as one parcel through the carriers, each with handling, consolidation, signature and insurance', async () => {
    const a = await pkg({ weightLb: '4', lengthIn: '12', widthIn: '10', heightIn: '6' });
    const b = await pkg({ weightLb: '3.5', lengthIn: '8', widthIn: '16', heightIn: '4' });
    const res = await rates(a.id, `&itemIds=${b.id}&declaredValueCents=25000`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { live: boolean; parcel: unknown; rates: Rate[]; itemIds: string[] };
    expect(data.live).toBe(true);
    expect(data.itemIds).toEqual([a.id, b.id]);
    // Weights summed; a box that fits the largest of each side (16 × 10 × 6).
    expect(data.parcel).toEqual({ weightLb: 7.5, dimensions: { lengthIn: 16, widthIn: 10, heightIn: 6 } });
    expect(data.rates.length).toBeGreaterThan(1);
    for (const r of data.rates) {
      expect(r.kind).toBe('live');
      expect(r.carrier).toBeTruthy();
      expect(r.transitDays).toBeGreaterThan(0);
      expect(r.priceCents).toBe(r.postageCents + r.handlingCents + r.consolidationCents);
      expect(r.consolidationCents).toBeGreaterThan(0);
      expect(r.signatureCents).toBeGreaterThan(0);
      // $250 declared: $1.00 per $100 or part of it (the shipping insurance rule).
      expect(r.insuranceCents).toBe(300);
    }
    const prices = data.rates.map((r) => r.priceCents);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
  });

  it('answers the fixed formula, marked as such, when no weight is measured or no carrier answers', async () => {
    const letter = await receive(userBox, SUPER, { kind: 'letter', sender: 'City Water' });
    const res = await rates(letter.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { live: boolean; fallbackReason: string; rates: Rate[] };
    expect(data.live).toBe(false);
    expect(data.fallbackReason).toMatch(/no measured weight/);
    expect(data.rates).toHaveLength(1);
    expect(data.rates[0]).toMatchObject({ kind: 'formula', carrier: null, handlingCents: 300 });

    const item = await pkg();
    const [config] = await suite.t.database.db
      .select()
      .from(carrierConfigs)
      .where(eq(carrierConfigs.provider, 'sandbox'));
    if (config) {
      await suite.t.database.db.update(carrierConfigs).set({ enabled: false }).where(eq(carrierConfigs.id, config.id));
    } else {
      await suite.t.database.db.insert(carrierConfigs).values({ provider: 'sandbox', enabled: false });
    }
    try {
      const away = (await rates(item.id)).json().data as { live: boolean; fallbackReason: string; rates: Rate[] };
      expect(away.live).toBe(false);
      expect(away.fallbackReason).toBe('No carrier rate can be had right now: the fixed formula prices this forward.');
      expect(away.rates[0]!.kind).toBe('formula');
    } finally {
      await suite.t.database.db
        .update(carrierConfigs)
        .set({ enabled: true })
        .where(eq(carrierConfigs.provider, 'sandbox'));
    }
  });
});

describe('booking a forward rate', () => {
  it('charges exactly the price shown, once per Idempotency-Key', async () => {
    const item = await pkg();
    const offered = (await rates(item.id, '&declaredValueCents=15000')).json().data.rates as Rate[];
    const chosen = offered[1] ?? offered[0]!;
    const body = { type: 'forward', rateId: chosen.rateId, signature: true, declaredValueCents: 15_000 };
    const headers = { 'idempotency-key': 'live-forward-0001' };
    const res = await suite.kit.as(USER, 'POST', `mail-items/${item.id}/requests`, body, headers);
    expect(res.statusCode).toBe(200);
    const request = res.json().data.request;
    const shown = chosen.priceCents + chosen.signatureCents + chosen.insuranceCents;
    expect(request.paidCents).toBe(shown);
    expect(request.estimate.totalCents).toBe(shown);
    expect(request.address).toMatchObject({ name: 'Jordan Lee', zipCode: '78701' });
    expect(request.forwardRate).toEqual({ carrier: chosen.carrier, service: chosen.service, signature: true });
    expect(request.carrierService).toBe(carrierServiceName(chosen.carrier!, chosen.service!));

    const again = await suite.kit.as(USER, 'POST', `mail-items/${item.id}/requests`, body, headers);
    expect(again.json().data.request.id).toBe(request.id);
    const charged = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.requestKey, `mail-forward:${request.customer.id}:key:live-forward-0001`));
    expect(charged).toHaveLength(1);
    expect(charged[0]!.amountCents).toBe(shown);
  });

  it('refuses a tampered, foreign or expired rateId with 422', async () => {
    const item = await pkg();
    const offered = (await rates(item.id)).json().data.rates as Rate[];
    const forward = (rateId: string, key: string) =>
      suite.kit.as(
        USER,
        'POST',
        `mail-items/${item.id}/requests`,
        { type: 'forward', rateId },
        { 'idempotency-key': key },
      );

    const unknown = await forward('00000000-0000-4000-8000-000000000000', 'tamper-0001');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Choose one of the rates offered');
    expect((await forward('not-a-rate', 'tamper-0002')).statusCode).toBe(422);

    // A rate offered for another item is not this item's price.
    const other = await pkg();
    const otherRate = ((await rates(other.id)).json().data.rates as Rate[])[0]!;
    expect((await forward(otherRate.rateId, 'tamper-0003')).statusCode).toBe(422);

    const different = await suite.kit.as(
      USER,
      'POST',
      `mail-items/${item.id}/requests`,
      { type: 'forward', rateId: offered[0]!.rateId, address: { ...ADDRESS, city: 'Dallas' } },
      { 'idempotency-key': 'tamper-0004' },
    );
    expect(different.statusCode).toBe(422);

    await suite.t.database.db
      .update(mailForwardRates)
      .set({ expiresAt: new Date(suite.t.clock.now().getTime() - 1000) })
      .where(eq(mailForwardRates.id, offered[0]!.rateId));
    const expired = await forward(offered[0]!.rateId, 'tamper-0005');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('These rates have expired. Get the rates again.');
    expect((await suite.kit.as(USER, 'GET', `mail-items/${item.id}`)).json().data.openRequest).toBeNull();
  });
});

describe('POST mail-requests/{id}/buy-label', () => {
  async function bookedForward(box = userBox, operator = SUPER, email = USER) {
    const item = await receive(box, operator, { weightLb: '2', lengthIn: '9', widthIn: '6', heightIn: '3' });
    const offered = (await rates(item.id, '', email)).json().data.rates as Rate[];
    const res = await suite.kit.as(
      email,
      'POST',
      `mail-items/${item.id}/requests`,
      { type: 'forward', rateId: offered[0]!.rateId },
      { 'idempotency-key': `label-${item.id}` },
    );
    expect(res.statusCode).toBe(200);
    return { item, request: res.json().data.request as { id: string }, rate: offered[0]! };
  }

  it('answers 401, 403 to customers and to a sub-admin outside the store, 404 for no request', async () => {
    const { request } = await bookedForward();
    expect((await suite.kit.as(null, 'POST', `mail-requests/${request.id}/buy-label`)).statusCode).toBe(401);
    expect((await suite.kit.as(USER, 'POST', `mail-requests/${request.id}/buy-label`)).statusCode).toBe(403);
    expect((await suite.kit.as(SUB, 'POST', `mail-requests/${request.id}/buy-label`)).statusCode).toBe(403);
    const missing = await suite.kit.as(SUPER, 'POST', 'mail-requests/00000000-0000-4000-8000-000000000000/buy-label');
    expect(missing.statusCode).toBe(404);
    expect((await suite.kit.as(SUPER, 'POST', 'mail-requests/nope/buy-label')).statusCode).toBe(422);
  });

  it('buys the booked service in one click: tracking attached, the e-mail queued, the customer sees tracking', async () => {
    const { item, request, rate } = await bookedForward();
    const res = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/buy-label`);
    expect(res.statusCode).toBe(200);
    const done = res.json().data;
    expect(done).toMatchObject({ status: 'completed', outboundCarrier: rate.carrier });
    expect(done.outboundTracking).toBeTruthy();
    expect(done.shipmentId).toBeTruthy();
    expect(done.tracking).toMatchObject({ trackingNumber: done.outboundTracking, carrier: rate.carrier });

    const [shipment] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(shipment).toMatchObject({ carrierTrackingNumber: done.outboundTracking, carrierService: rate.service });
    // The label prints from the request for the store's operators (not for another store's, nor the customer).
    const label = await suite.kit.as(SUPER, 'GET', `mail-requests/${request.id}/label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toContain('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await suite.kit.as(SUB, 'GET', `mail-requests/${request.id}/label`)).statusCode).toBe(403);
    expect((await suite.kit.as(USER, 'GET', `mail-requests/${request.id}/label`)).statusCode).toBe(403);

    const again = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/buy-label`);
    expect(again.json().data.shipmentId).toBe(done.shipmentId);
    expect(await suite.t.database.db.select().from(shipments).where(eq(shipments.id, done.shipmentId))).toHaveLength(1);

    const mails = (await suite.t.outbox()).filter((m) => m.to === USER && m.subject === 'Your mail is on its way');
    expect(mails.at(-1)?.text).toContain(done.outboundTracking);
    expect(mails.at(-1)?.text).toContain('Track your parcel');

    const mine = (await suite.kit.as(USER, 'GET', `mail-items/${item.id}`)).json().data;
    expect(mine).toMatchObject({ status: 'forwarded', lastRequest: { id: request.id, status: 'completed' } });
    const seen = (await suite.kit.as(USER, 'GET', `mail-requests/${request.id}`)).json().data;
    expect(seen.tracking).toMatchObject({ trackingNumber: done.outboundTracking, status: 'label_created' });
  });

  it('lets a sub-admin buy labels for their own store and refuses what is not a forward', async () => {
    const { request } = await bookedForward(avaBox, SUB, AVA);
    expect((await suite.kit.as(SUB, 'GET', `mail-requests/${request.id}/label`)).json().message).toBe(
      'No label has been bought for this forward.',
    );
    const res = await suite.kit.as(SUB, 'POST', `mail-requests/${request.id}/buy-label`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('completed');
    const label = await suite.kit.as(SUB, 'GET', `mail-requests/${request.id}/label?format=zpl`);
    expect(label.statusCode).toBe(200);
    expect(label.body).toContain('^XA');
    const held = await receive(avaBox, SUB, { weightLb: '1' });
    const made = await suite.kit.as(AVA, 'POST', `mail-items/${held.id}/requests`, { type: 'pickup' });
    const refused = await suite.kit.as(SUB, 'POST', `mail-requests/${made.json().data.request.id}/buy-label`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a forward has an outbound label.');
  });
});
