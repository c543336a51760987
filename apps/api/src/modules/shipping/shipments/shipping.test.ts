import { and, eq, sql } from 'drizzle-orm';
import { platformToday } from '@postwise/shared/time-zones';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../billing/schema/invoices';
import { shipments } from '../schema/shipments';
import { marginDiscounts, shipmentRates, shippingAccounts } from '../schema/shipping';
import { transactions } from '../../billing/schema/transactions';
import { users } from '../../identity/schema/users';
import { pdfText } from '../../../test/pdf-text';
import {
  apiCaller,
  DEMO_BOX,
  DEMO_RECEIVER,
  DEMO_SENDER,
  idempotencyKey,
  shippingTokens,
} from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { recoverPendingRefunds, refundRequestKey } from '../../billing/ledger/refund';

let shipper: string;
let user: string;
let admin: string;
let mailbox: string;
const key = idempotencyKey;
const sender = DEMO_SENDER;
const receiver = DEMO_RECEIVER;
const box = DEMO_BOX;

async function quote(token: string, body: Record<string, unknown> = {}) {
  const res = await suite.kit('POST', '/shipments/quotes', token, {
    sender,
    receiver,
    packages: [box, { ...box, weight: 2 }],
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    quoteId: string;
    rates: {
      id: string;
      carrier: string;
      service: string;
      priceCents: number;
      retailCents: number;
      savingCents: number;
      savingPercent: number;
      expectedDeliveryDate: string;
      margin: unknown;
    }[];
  };
}

async function buy(token: string, rateId: string, payment: 'card' | 'later', idem = key()) {
  return suite.kit('POST', '/shipments', token, { rateId, payment }, { 'idempotency-key': idem });
}

async function userId(email: string) {
  const [row] = await suite.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  ({ shipper, user, admin, mailbox } = await shippingTokens(suite.t));
  const card = await suite.kit('POST', '/paymentMethods', shipper, {
    card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(card.statusCode).toBeLessThan(300);
});

describe('POST shipments/quotes', () => {
  it('answers every service that fits with retail, our price and saving, cheapest first, and records the margin', async () => {
    const q = await quote(shipper);
    expect(q.rates).toHaveLength(9);
    const prices = q.rates.map((r) => r.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const r of q.rates) {
      expect(r.priceCents).toBeLessThan(r.retailCents);
      expect(r.savingCents).toBe(r.retailCents - r.priceCents);
      expect(r.savingPercent).toBeGreaterThanOrEqual(70);
      expect(r.margin).toBeNull();
    }
    const [stored] = await suite.t.database.db.select().from(shipmentRates).where(eq(shipmentRates.id, q.rates[0]!.id));
    expect(stored!.priceCents).toBe(q.rates[0]!.priceCents);
    expect(stored!.costCents + stored!.markupCents - stored!.discountCents).toBe(stored!.priceCents);
  });

  it('sorts by the fastest preference and flags arrive-by', async () => {
    const fastest = await quote(shipper, { preferences: { priority: 'fastest' } });
    const dates = fastest.rates.map((r) => r.expectedDeliveryDate);
    expect(dates).toEqual([...dates].sort());
    const by = await quote(shipper, {
      preferences: { priority: 'arriveBy', arriveBy: fastest.rates[0]!.expectedDeliveryDate },
    });
    expect(by.rates[0]).toMatchObject({ arrivesInTime: true });
    expect(by.rates.at(-1)).toMatchObject({ arrivesInTime: false });
  });

  it('applies the markup per carrier and the customer discount, never below cost; the admin sees the margin', async () => {
    const before = await quote(shipper);
    const fedexGround = before.rates.find((r) => r.service === 'FedEx Ground')!;
    await suite.t.database.db
      .insert(marginDiscounts)
      .values({ kind: 'markup', carrier: 'FedEx', service: 'FedEx Ground', type: 'AMOUNT', value: 500 });
    const after = (await quote(shipper)).rates.find((r) => r.service === 'FedEx Ground')!;
    const cost = ((await quote(admin)).rates.find((r) => r.service === 'FedEx Ground')!.margin as { costCents: number })
      .costCents;
    // The carrier+service markup replaces the seeded platform-wide 15%: cost plus $5.00 exactly.
    expect(after.priceCents).toBe(cost + 500);
    expect(after.priceCents).not.toBe(fedexGround.priceCents);
    await suite.t.database.db
      .insert(marginDiscounts)
      .values({ kind: 'discount', userId: await userId('shipper@example.com'), type: 'PERCENTAGE', value: 100_00 });
    const discounted = await suite.t.database.db
      .select()
      .from(shipmentRates)
      .where(eq(shipmentRates.id, (await quote(shipper)).rates.find((r) => r.service === 'FedEx Ground')!.id));
    expect(discounted[0]!.priceCents).toBe(discounted[0]!.costCents);
    const asAdmin = (await quote(admin)).rates.find((r) => r.service === 'FedEx Ground')!;
    expect(asAdmin.margin).toMatchObject({ markupCents: 500, discountCents: 0 });
    await suite.t.database.db.delete(marginDiscounts);
  });

  it('offers a shipping request when nothing fits (a pallet)', async () => {
    const res = await suite.kit('POST', '/shipments/quotes', shipper, {
      sender,
      receiver,
      packages: [{ ...box, packageType: 'Pallet' }],
    });
    expect(res.json().data).toMatchObject({ rates: [], needsShippingRequest: true });
  });

  it('refuses to rate an address whose ZIP code is of another state (422, before any carrier is asked)', async () => {
    const rates = vi.spyOn(suite.t.app.carriers.sandbox, 'rates');
    const res = await suite.kit('POST', '/shipments/quotes', shipper, {
      sender,
      receiver: {
        ...receiver,
        line1: '99999 Nowhere Imaginary Rd',
        city: 'Springfield',
        state: 'IL',
        zipCode: '10001',
      },
      packages: [box],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Zip Code 10001 is in NY, not IL. Check the Zip Code and the state.',
      errors: { 'receiver.zipCode': 'Zip Code 10001 is in NY, not IL. Check the Zip Code and the state.' },
    });
    expect(rates).not.toHaveBeenCalled();
    rates.mockRestore();
  });

  it('answers 422, 401 and 403', async () => {
    const bad = await suite.kit('POST', '/shipments/quotes', shipper, {
      sender,
      receiver: { ...receiver, zipCode: '787' },
      packages: [box],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['receiver.zipCode']).toBe('Zip Code must be 5 digits or ZIP+4 (12345-6789).');
    expect(
      (await suite.kit('POST', '/shipments/quotes', shipper, { sender, receiver, packages: [] })).json().message,
    ).toBe('At least one package is required');
    expect(
      (await suite.kit('POST', '/shipments/quotes', undefined, { sender, receiver, packages: [box] })).statusCode,
    ).toBe(401);
    expect(
      (await suite.kit('POST', '/shipments/quotes', mailbox, { sender, receiver, packages: [box] })).statusCode,
    ).toBe(403);
  });
});

describe('POST shipments (buy a label)', () => {
  it('charges the card, records shipment, charge and paid invoice, and answers the label at once', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const idem = key();
    const res = await buy(shipper, rate.id, 'card', idem);
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({
      status: 'label_created',
      carrier: rate.carrier,
      priceCents: rate.priceCents,
      payLater: false,
    });
    expect(s.uniqueId).toMatch(/^PW\d{10}$/);
    expect(s.trackingNumber).toBeTruthy();
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, s.id));
    const [charge] = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, row!.transactionId!));
    expect(charge).toMatchObject({ amountCents: rate.priceCents, status: 'succeeded', invoiceId: row!.invoiceId });
    const [invoice] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, row!.invoiceId!));
    expect(invoice).toMatchObject({ category: 'shipment', status: 'paid', totalCents: rate.priceCents });

    // The same Idempotency-Key answers the same shipment: one label, one charge.
    const again = await buy(shipper, rate.id, 'card', idem);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(s.id);
    const charges = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.requestKey, `shipment:${row!.userId}:${idem}`));
    expect(charges).toHaveLength(1);

    const pdf = await suite.kit('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // The sandbox sells no real postage: its label is the product's drawing, marked across as a sample.
    expect(pdfText(pdf.rawPayload)).toContain('SAMPLE — NOT VALID POSTAGE');
    const zpl = await suite.kit('GET', `/shipments/${s.id}/label?format=zpl`, shipper);
    expect(zpl.body).toContain(`^BCN,220,N,N,N^FD${s.trackingNumber}^FS`);
    expect(zpl.body).toContain('^A0R,64,58^FR^FDSAMPLE — NOT VALID POSTAGE^FS');
    expect(zpl.body.startsWith('^XA')).toBe(true);
  });

  it('voids the label when the database write fails after the carrier sold it', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const voidSpy = vi.spyOn(suite.t.app.carriers.sandbox, 'voidLabel');
    const buySpy = vi.spyOn(suite.t.app.carriers.sandbox, 'buyLabel');
    await suite.t.database.db.execute(sql`
      create or replace function fail_shipment_insert() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await suite.t.database.db.execute(
      sql`create trigger fail_shipment_insert before insert on shipments for each row execute function fail_shipment_insert()`,
    );
    const chargesBefore = await suite.t.database.db.$count(transactions);
    const shipmentsBefore = await suite.t.database.db.$count(shipments);
    try {
      const res = await buy(shipper, rate.id, 'card');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ isSuccess: false, message: 'Server error' });
      expect(buySpy).toHaveBeenCalledTimes(1);
      const sold = await buySpy.mock.results[0]!.value;
      expect(voidSpy).toHaveBeenCalledWith(expect.objectContaining({ trackingNumber: sold.trackingNumber }));
      // The charge was refunded and both are on record: nothing paid for a label that does not exist.
      const moved = await suite.t.database.db
        .select()
        .from(transactions)
        .orderBy(transactions.createdAt)
        .offset(chargesBefore);
      expect(moved.map((m) => [m.kind, m.status, m.amountCents])).toEqual([
        ['charge', 'succeeded', rate.priceCents],
        ['refund', 'succeeded', rate.priceCents],
      ]);
      expect(await suite.t.database.db.$count(shipments)).toBe(shipmentsBefore);
    } finally {
      await suite.t.database.db.execute(sql`drop trigger fail_shipment_insert on shipments`);
      voidSpy.mockRestore();
      buySpy.mockRestore();
    }
  });

  it('voids the label and answers 402 when the card is declined', async () => {
    const token = await suite.t.login('user@example.com');
    const add = await suite.kit('POST', '/paymentMethods', token, {
      card: { number: '4000000000000341', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(add.statusCode).toBeLessThan(300);
    const voidSpy = vi.spyOn(suite.t.app.carriers.sandbox, 'voidLabel');
    const rate = (await quote(token)).rates[0]!;
    const res = await buy(token, rate.id, 'card');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect(voidSpy).toHaveBeenCalledTimes(1);
    voidSpy.mockRestore();
  });

  it('pay later: refused over the credit limit, then added to the open monthly invoice', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const id = await userId('shipper@example.com');
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditLimitCents: 0 })
      .where(eq(shippingAccounts.userId, id));
    const refused = await buy(shipper, rate.id, 'later');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ship now, pay later is over your credit limit. Please pay by card.');
    await suite.t.database.db
      .insert(shippingAccounts)
      .values({ userId: id, creditLimitCents: 100_000 })
      .onConflictDoUpdate({ target: shippingAccounts.userId, set: { creditLimitCents: 100_000 } });
    // The demo seed already put one pay-later shipment on this month's open invoice.
    const [seeded] = await suite.t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, id), eq(invoices.category, 'shipment'), eq(invoices.status, 'open')));
    const baseLines = seeded?.lines.length ?? 0;
    const baseTotal = seeded?.totalCents ?? 0;
    const first = await buy(shipper, rate.id, 'later');
    expect(first.statusCode).toBe(201);
    const second = await buy(shipper, (await quote(shipper)).rates[1]!.id, 'later');
    expect(second.json().data.invoiceId).toBe(first.json().data.invoiceId);
    const [invoice] = await suite.t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, first.json().data.invoiceId));
    expect(invoice).toMatchObject({ status: 'open', category: 'shipment' });
    expect(invoice!.lines).toHaveLength(baseLines + 2);
    expect(invoice!.totalCents).toBe(baseTotal + first.json().data.priceCents + second.json().data.priceCents);

    // Voiding a pay-later label takes it off the open invoice.
    const voided = await suite.kit('POST', `/shipments/${second.json().data.id}/void`, shipper, {});
    expect(voided.json().data).toMatchObject({ status: 'voided', refundTo: null, refundCents: 0 });
    const [after] = await suite.t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, first.json().data.invoiceId));
    expect(after!.totalCents).toBe(baseTotal + first.json().data.priceCents);
    expect(after!.lines).toHaveLength(baseLines + 1);
  });

  it('the quote tells the pay-later credit left, so the wizard can say which rates fit before the choice', async () => {
    const id = await userId('shipper@example.com');
    const credit = async () =>
      (
        (await suite.kit('POST', '/shipments/quotes', shipper, { sender, receiver, packages: [box] })).json().data as {
          payLater: { creditLimitCents: number; availableCents: number };
        }
      ).payLater;
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditLimitCents: 0 })
      .where(eq(shippingAccounts.userId, id));
    expect(await credit()).toEqual({ creditLimitCents: 0, availableCents: 0 });

    // What the open invoices owe is taken off the limit; the limit is never shown as less than nothing left.
    const [open] = await suite.t.database.db
      .select({ total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.userId, id), eq(invoices.category, 'shipment'), eq(invoices.status, 'open')));
    const owed = open!.total;
    expect(owed).toBeGreaterThan(0);
    const limit = owed + 1_000;
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditLimitCents: limit })
      .where(eq(shippingAccounts.userId, id));
    expect(await credit()).toEqual({ creditLimitCents: limit, availableCents: 1_000 });

    // A rate above what is left is refused by the server too, one within it is sold.
    const rates = (await quote(shipper)).rates;
    const tooDear = rates.find((r) => r.priceCents > 1_000)!;
    expect((await buy(shipper, tooDear.id, 'later')).statusCode).toBe(409);
    const fits = (
      await suite.kit('POST', '/shipments/quotes', shipper, {
        sender,
        receiver,
        packages: [{ ...box, weight: 0.5, dimension: { unit: 'in', length: 6, width: 4, height: 2 } }],
      })
    ).json().data.rates as { id: string; priceCents: number }[];
    const cheap = fits.find((r) => r.priceCents <= 1_000);
    expect(cheap).toBeDefined();
    const sold = await buy(shipper, cheap!.id, 'later');
    expect(sold.statusCode).toBe(201);
    expect(await credit()).toEqual({ creditLimitCents: limit, availableCents: 1_000 - cheap!.priceCents });
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditLimitCents: 100_000 })
      .where(eq(shippingAccounts.userId, id));
  });

  it('answers 422 without an Idempotency-Key or payment, 404 for another customer\u2019s rate, 409 when expired', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const noKey = await suite.kit('POST', '/shipments', shipper, { rateId: rate.id, payment: 'card' });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().message).toBe('Idempotency-Key header is required');
    expect((await buy(shipper, rate.id, 'cash' as 'card')).statusCode).toBe(422);
    expect((await buy(user, rate.id, 'card')).statusCode).toBe(404);
    suite.t.clock.advance(31 * 60_000);
    const expired = await buy(shipper, rate.id, 'card');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This quote has expired. Please get new rates.');
    expect((await buy(mailbox, rate.id, 'card')).statusCode).toBe(403);
    expect((await suite.kit('POST', '/shipments', undefined, { rateId: rate.id, payment: 'card' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET shipments, details, labels and void', () => {
  it('lists own shipments newest first with filters and search; never another customer\u2019s', async () => {
    const rate = (await quote(shipper, { receiver: { ...receiver, name: 'Quinn Quill' } })).rates.find(
      (r) => r.carrier === 'UPS',
    )!;
    const created = (await buy(shipper, rate.id, 'card')).json().data;
    const list = (await suite.kit('GET', '/shipments?pageSize=5', shipper)).json();
    expect(list).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 5 });
    expect(list.items[0].id).toBe(created.id);
    // A list row is what the list shows: the same figures as the shipment's details, without sender, packages,
    // service details, parcels' numbers, insured value and the shipment it returns (GET shipments/{id} has those).
    const details = (await suite.kit('GET', `/shipments/${created.id}`, shipper)).json().data;
    const { sender, packages, shipmentDetails, trackingNumbers, insuredCents, returnOfShipmentId, ...rowFields } =
      details;
    expect([sender, packages, shipmentDetails].every(Boolean)).toBe(true);
    // A tracking number per parcel, the first the shipment's own.
    expect(trackingNumbers[0]).toBe(created.trackingNumber);
    expect(new Set(trackingNumbers).size).toBe(trackingNumbers.length);
    expect(insuredCents).toBeNull();
    expect(returnOfShipmentId).toBeNull();
    expect(list.items[0]).toEqual(rowFields);
    expect(list.items[0].service).toBe(details.service);
    expect(
      (await suite.kit('GET', '/shipments?search=quinn', shipper)).json().items.map((s: { id: string }) => s.id),
    ).toEqual([created.id]);
    expect((await suite.kit('GET', `/shipments?search=${created.trackingNumber}`, shipper)).json().items[0].id).toBe(
      created.id,
    );
    expect((await suite.kit('GET', `/shipments?search=${created.uniqueId.toLowerCase()}`, shipper)).json().total).toBe(
      1,
    );
    const ups = (await suite.kit('GET', '/shipments?carrier=UPS&status=label_created&pageSize=100', shipper)).json();
    expect(
      ups.items.every((s: { carrier: string; status: string }) => s.carrier === 'UPS' && s.status === 'label_created'),
    ).toBe(true);
    const today = platformToday(suite.t.clock.now());
    expect((await suite.kit('GET', `/shipments?from=${today}&to=${today}&search=quinn`, shipper)).json().total).toBe(1);
    // Days are the platform's (Los Angeles): 5:30 pm on 7 December is 01:30 UTC on the 8th, and still the 7th.
    const db = suite.t.database.db;
    const [bought] = await db
      .select({ createdAt: shipments.createdAt })
      .from(shipments)
      .where(eq(shipments.id, created.id));
    await db
      .update(shipments)
      .set({ createdAt: new Date('2026-12-08T01:30:00Z') })
      .where(eq(shipments.id, created.id));
    const onDay = async (from: string, to: string) =>
      (await suite.kit('GET', `/shipments?from=${from}&to=${to}&search=quinn`, shipper)).json().total;
    expect(await onDay('2026-12-07', '2026-12-07')).toBe(1);
    expect(await onDay('2026-12-08', '2026-12-08')).toBe(0);
    expect(await onDay('2026-12-01', '2026-12-06')).toBe(0);
    await db.update(shipments).set({ createdAt: bought!.createdAt }).where(eq(shipments.id, created.id));
    expect((await suite.kit('GET', '/shipments?from=2000-01-01&to=2000-01-02', shipper)).json().total).toBe(0);
    // The super admin lists everyone's, or one customer's with userId (the same statement bound to each customer).
    const shipperId = await userId('shipper@example.com');
    const userAtId = await userId('user@example.com');
    const everyone = (await suite.kit('GET', '/shipments?pageSize=100', admin)).json();
    const ofShipper = (await suite.kit('GET', `/shipments?userId=${shipperId}&pageSize=100`, admin)).json();
    const ofUser = (await suite.kit('GET', `/shipments?userId=${userAtId}&pageSize=100`, admin)).json();
    expect(ofShipper.items.map((s: { id: string }) => s.id)).toContain(created.id);
    expect(ofShipper.items.every((s: { userId: string }) => s.userId === shipperId)).toBe(true);
    expect(ofUser.items.every((s: { userId: string }) => s.userId === userAtId)).toBe(true);
    expect(ofUser.items.map((s: { id: string }) => s.id)).not.toContain(created.id);
    expect(everyone.total).toBeGreaterThanOrEqual(ofShipper.total + ofUser.total);
    // user@ sees none of shipper@'s shipments, by list, id, full details or label.
    expect((await suite.kit('GET', '/shipments?search=quinn', user)).json().total).toBe(0);
    expect((await suite.kit('GET', `/shipments/${created.id}`, user)).statusCode).toBe(404);
    expect((await suite.kit('GET', `/shipments/${created.id}/full`, user)).statusCode).toBe(404);
    expect((await suite.kit('GET', `/shipments/${created.id}/label`, user)).statusCode).toBe(404);
    expect((await suite.kit('POST', `/shipments/${created.id}/void`, user, {})).statusCode).toBe(404);
    // The super admin sees it with its margin.
    const asAdmin = (await suite.kit('GET', `/shipments/${created.id}`, admin)).json().data;
    expect(asAdmin.margin).toMatchObject({ costCents: expect.any(Number) });
    expect((await suite.kit('GET', `/shipments/${created.id}`, shipper)).json().data.margin).toBeNull();
  });

  it('answers full details with charges and label links, and public tracking finds it', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const created = (await buy(shipper, rate.id, 'card')).json().data;
    const full = (await suite.kit('GET', `/shipments/${created.id}/full`, shipper)).json().data;
    expect(full.labels.pdf).toBe(`/api/v1/shipments/${created.id}/label?format=pdf`);
    expect(full.charges).toEqual([
      expect.objectContaining({ kind: 'charge', status: 'succeeded', amountCents: rate.priceCents }),
    ]);
    expect(full.packages).toHaveLength(2);
    const track = await suite.kit('GET', `/shipments/track/public?trackingNumber=${created.uniqueId}`);
    expect(track.statusCode).toBe(200);
    expect(track.json().data.uniqueId).toBe(created.uniqueId);
  });

  it('voids an unused label as shipping credit, spends the credit on the next label, and refuses to void twice', async () => {
    const rate = (await quote(shipper)).rates[0]!;
    const created = (await buy(shipper, rate.id, 'card')).json().data;
    const voided = await suite.kit('POST', `/shipments/${created.id}/void`, shipper, { refundTo: 'credit' });
    expect(voided.json().data).toMatchObject({ status: 'voided', refundTo: 'credit', refundCents: rate.priceCents });
    expect((await suite.kit('POST', `/shipments/${created.id}/void`, shipper, {})).statusCode).toBe(409);
    expect((await suite.kit('GET', `/shipments/${created.id}/label`, shipper)).statusCode).toBe(409);
    const id = await userId('shipper@example.com');
    const [account] = await suite.t.database.db.select().from(shippingAccounts).where(eq(shippingAccounts.userId, id));
    expect(account!.creditBalanceCents).toBe(rate.priceCents);
    const next = (await buy(shipper, (await quote(shipper)).rates[0]!.id, 'card')).json().data;
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, next.id));
    // The credit is spent first: the card pays the rest (nothing when the credit covers the label).
    const onCard = Math.max(0, next.priceCents - rate.priceCents);
    if (onCard === 0) expect(row!.transactionId).toBeNull();
    else {
      const [charge] = await suite.t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, row!.transactionId!));
      expect(charge!.amountCents).toBe(onCard);
    }
  });

  it('voids a card-paid label back to the card once through the payment provider; a refused refund becomes credit', async () => {
    const id = await userId('shipper@example.com');
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditBalanceCents: 0 })
      .where(eq(shippingAccounts.userId, id));
    const sandbox = suite.t.app.payments as unknown as { refunds: { chargeId: string; amountCents: number }[] };
    const created = (await buy(shipper, (await quote(shipper)).rates[0]!.id, 'card')).json().data;
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, created.id));
    const [charge] = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, row!.transactionId!));
    const refundsBefore = sandbox.refunds.length;
    const voided = await suite.kit('POST', `/shipments/${created.id}/void`, shipper, { refundTo: 'card' });
    expect(voided.json().data).toMatchObject({ status: 'voided', refundTo: 'card', refundCents: created.priceCents });
    expect(sandbox.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ chargeId: charge!.providerChargeId, amountCents: created.priceCents }),
    ]);
    const refunds = await suite.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, 'refund'), eq(transactions.invoiceId, charge!.invoiceId ?? sql`null`)));
    expect(refunds.filter((r) => r.requestKey.endsWith(`shipment-void:${created.id}`))).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: created.priceCents }),
    ]);
    // A second void is refused and refunds nothing more.
    expect((await suite.kit('POST', `/shipments/${created.id}/void`, shipper, { refundTo: 'card' })).statusCode).toBe(
      409,
    );
    expect(sandbox.refunds.length).toBe(refundsBefore + 1);
    const [account] = await suite.t.database.db.select().from(shippingAccounts).where(eq(shippingAccounts.userId, id));
    expect(account?.creditBalanceCents ?? 0).toBe(0);

    // The provider refuses the next refund: the customer gets shipping credit instead, and the shipment says so.
    const second = (await buy(shipper, (await quote(shipper)).rates[0]!.id, 'card')).json().data;
    const refuse = vi.spyOn(suite.t.app.payments, 'refund').mockResolvedValueOnce({
      status: 'failed',
      refundId: null,
      code: 'charge_disputed',
      message: 'This charge is disputed.',
    });
    const fellBack = await suite.kit('POST', `/shipments/${second.id}/void`, shipper, { refundTo: 'card' });
    refuse.mockRestore();
    expect(fellBack.json().data).toMatchObject({
      status: 'voided',
      refundTo: 'credit',
      refundCents: second.priceCents,
    });
    const [after] = await suite.t.database.db.select().from(shippingAccounts).where(eq(shippingAccounts.userId, id));
    expect(after!.creditBalanceCents).toBe(second.priceCents);
  });

  it('finishes a card refund whose process stopped after the reservation, once', async () => {
    const sandbox = suite.t.app.payments as unknown as { refunds: { idempotencyKey: string }[] };
    const id = await userId('shipper@example.com');
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditBalanceCents: 0 })
      .where(eq(shippingAccounts.userId, id));
    const created = (await buy(shipper, (await quote(shipper)).rates[0]!.id, 'card')).json().data;
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, created.id));
    const [charge] = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, row!.transactionId!));
    const requestKey = refundRequestKey(charge!.id, 'test-interrupted');
    // The reservation was written, then the process died before the provider was asked.
    await suite.t.database.db.insert(transactions).values({
      invoiceId: charge!.invoiceId,
      userId: charge!.userId,
      amountCents: 100,
      kind: 'refund',
      status: 'pending',
      description: 'Refund',
      provider: charge!.provider,
      requestKey,
      idempotencyKey: `${requestKey}#1`,
      createdAt: new Date(Date.now() - 11 * 60_000),
    });
    const ctx = { db: suite.t.database.db, payments: suite.t.app.payments, now: () => new Date() };
    expect(await recoverPendingRefunds(ctx)).toBe(1);
    expect(await recoverPendingRefunds(ctx)).toBe(0);
    const [done] = await suite.t.database.db.select().from(transactions).where(eq(transactions.requestKey, requestKey));
    expect(done).toMatchObject({ status: 'succeeded', kind: 'refund' });
    expect(sandbox.refunds.filter((r) => r.idempotencyKey === `${requestKey}#1`)).toHaveLength(1);
  });

  it('answers 401, 403 and 422 on the list, details, label and void', async () => {
    expect((await suite.kit('GET', '/shipments')).statusCode).toBe(401);
    expect((await suite.kit('GET', '/shipments', mailbox)).statusCode).toBe(403);
    expect((await suite.kit('GET', '/shipments?status=lost', shipper)).statusCode).toBe(422);
    expect((await suite.kit('GET', '/shipments?from=yesterday', shipper)).statusCode).toBe(422);
    expect((await suite.kit('GET', '/shipments/nope', shipper)).statusCode).toBe(422);
    expect((await suite.kit('GET', '/shipments/00000000-0000-4000-8000-000000000000', shipper)).statusCode).toBe(404);
    const any = (await suite.kit('GET', '/shipments', shipper)).json().items[0];
    expect((await suite.kit('GET', `/shipments/${any.id}/label?format=png`, shipper)).statusCode).toBe(422);
    expect((await suite.kit('POST', `/shipments/${any.id}/void`, shipper, { refundTo: 'cash' })).statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents every shipping endpoint with its request and response schemas', async () => {
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/addresses',
      '/api/v1/addresses/{id}',
      '/api/v1/addresses/{id}/default',
      '/api/v1/packages',
      '/api/v1/packages/{id}',
      '/api/v1/shipments',
      '/api/v1/shipments/quotes',
      '/api/v1/shipments/{id}',
      '/api/v1/shipments/{id}/full',
      '/api/v1/shipments/{id}/label',
      '/api/v1/shipments/{id}/void',
      '/api/v1/pickups',
      '/api/v1/pickups/{id}',
      '/api/v1/shipping-requests',
      '/api/v1/shipping-requests/{id}/quote',
      '/api/v1/shipping-requests/{id}/accept',
      '/api/v1/carriers',
      '/api/v1/carriers/test',
      '/api/v1/margin-discounts',
      '/api/v1/shipping-accounts/{userId}',
      '/api/v1/shipping-analysis',
    ]) {
      expect(paths, path).toContain(path);
    }
    const quotes = doc.paths['/api/v1/shipments/quotes'].post;
    expect(quotes.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(quotes.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    const buy = doc.paths['/api/v1/shipments'].post;
    expect(
      buy.parameters.some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key'),
    ).toBe(true);
  });
});
