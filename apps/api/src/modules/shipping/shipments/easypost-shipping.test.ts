import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../schema/shipments';
import {
  type EasyPostFake,
  FAKE_CUSTOMS_MARK,
  FAKE_LABEL_MARK,
  fakeLabelZpl,
} from '../../../integrations/carriers/easypost-fake';
import { pdfText } from '../../../test/pdf-text';
import {
  addCard,
  apiCaller,
  buyGroundAdvantage,
  DEMO_BOX,
  DEMO_RECEIVER,
  DEMO_SENDER,
  easyPostTestApp,
  idempotencyKey,
} from '../../../test/shipping-kit';
import type { TestApp } from '../../../test/test-app';
import { SEATTLE_SPELT_OUT, TORONTO } from '../../../test/carrier-addresses';

let t: TestApp;
let fake: EasyPostFake;
let admin: string;
let shipper: string;
let call: ReturnType<typeof apiCaller>;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, admin, close } = await easyPostTestApp('EZAK_label_test'));
  call = apiCaller(t);
  shipper = await t.login('shipper@example.com');
  await addCard(t, shipper);
});
afterAll(async () => close?.());

/** Quotes and buys EasyPost's USPS GroundAdvantage with the card: a real carrier's label. */
const buyThroughEasyPost = (packages: unknown[] = [DEMO_BOX]) => buyGroundAdvantage(t, shipper, { packages });

const rowOf = async (id: string) => (await t.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;

describe("GET shipments/{id}/label: the carrier's label", () => {
  it('is fetched from EasyPost (PDF and ZPL) when the label is bought, kept in storage and served as is', async () => {
    fake.calls.length = 0;
    const s = await buyThroughEasyPost();
    const row = await rowOf(s.id);
    // Converted and downloaded with the purchase, once per format.
    const conversions = fake.calls.filter((c) => c.path.endsWith('/label')).map((c) => c.query.file_format);
    expect(conversions).toEqual(['PDF', 'ZPL']);
    expect(row.labelKey).toBe(`shipment-labels/${s.id}/carrier-label`);
    expect((await t.app.storage.get(`${row.labelKey}.pdf`))?.contentType).toBe('application/pdf');

    fake.calls.length = 0;
    const pdf = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${s.uniqueId}.pdf"`);
    expect(pdfText(pdf.rawPayload)).toEqual([`${FAKE_LABEL_MARK} ${s.trackingNumber}`]);
    expect(pdfText(pdf.rawPayload).join(' ')).not.toContain('SAMPLE');
    const zpl = await call('GET', `/shipments/${s.id}/label?format=zpl`, shipper);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl; charset=utf-8');
    expect(zpl.body).toBe(`${fakeLabelZpl(s.trackingNumber)}\n`);
    // Served from storage: EasyPost is not asked again.
    expect(fake.calls).toEqual([]);
  });

  it('has a page per parcel for a shipment of several parcels', async () => {
    const s = await buyThroughEasyPost([{ ...DEMO_BOX, numberOfPackages: 2 }]);
    const pdf = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);
    const zpl = await call('GET', `/shipments/${s.id}/label?format=zpl`, shipper);
    expect(zpl.body.match(/\^XA/g)).toHaveLength(2);
  });

  it('does not undo the sale when the label cannot be fetched then; the download fetches it later (503 meanwhile)', async () => {
    fake.failLabels = true;
    const s = await buyThroughEasyPost();
    expect((await rowOf(s.id)).labelKey).toBeNull();
    const unavailable = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({
      isSuccess: false,
      code: 'SERVICE_UNAVAILABLE',
      message: "The carrier's label cannot be fetched right now. Please try again in a minute.",
    });
    fake.failLabels = false;
    const zpl = await call('GET', `/shipments/${s.id}/label?format=zpl`, shipper);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body).toContain(FAKE_LABEL_MARK);
    expect((await rowOf(s.id)).labelKey).toBe(`shipment-labels/${s.id}/carrier-label`);
    const pdf = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect(pdfText(pdf.rawPayload)).toEqual([`${FAKE_LABEL_MARK} ${s.trackingNumber}`]);
  });
});

describe('POST shipments/quotes with EasyPost: address verification', () => {
  const quoteTo = (receiver: Record<string, unknown>) =>
    call('POST', '/shipments/quotes', shipper, { sender: DEMO_SENDER, receiver, packages: [DEMO_BOX] });

  it('refuses an address the carrier cannot deliver to (422, on the street line), before rating', async () => {
    fake.calls.length = 0;
    const res = await quoteTo({ ...DEMO_RECEIVER, line1: '99999 Nowhere Imaginary Rd' });
    expect(res.statusCode).toBe(422);
    const message =
      'Receiver address: the carrier cannot deliver there (Address not found). Check the street, city, state and Zip Code.';
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { 'receiver.line1': message } });
    expect(fake.calls.filter((c) => c.path === 'addresses').map((c) => c.body.verify)).toEqual([true, true]);
    expect(fake.calls.some((c) => c.path === 'shipments')).toBe(false);
  });

  it("answers the carrier's correction for the customer to accept; an address it spells the same has none", async () => {
    const res = await quoteTo(SEATTLE_SPELT_OUT);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rates.length).toBeGreaterThan(0);
    expect(data.addressCorrections).toEqual({
      sender: null,
      receiver: {
        name: 'Dana Whitfield',
        companyName: null,
        line1: '500 PINE ST',
        line2: null,
        city: 'SEATTLE',
        state: 'WA',
        zipCode: '98101-1234',
        country: 'US',
        phone: null,
        email: null,
      },
    });
    // Accepting it: the corrected address verifies as it is.
    const again = await quoteTo(data.addressCorrections.receiver);
    expect(again.json().data.addressCorrections).toEqual({ sender: null, receiver: null });
  });

  it('rates anyway when the verification cannot be done right now', async () => {
    fake.failNext = 500;
    const res = await quoteTo(DEMO_RECEIVER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.addressCorrections).toEqual({ sender: null, receiver: null });
    expect(res.json().data.rates.some((r: { service: string }) => r.service === 'GroundAdvantage')).toBe(true);
  });
});

describe('several parcels abroad, insured: a label, a tracking number and insurance per parcel', () => {
  const CUSTOMS = [
    {
      description: 'Cotton T-shirts',
      hsCode: '6109.10',
      quantity: 4,
      valueCents: 8000,
      originCountry: 'US',
      weightOz: 18,
    },
    { description: 'Paperback books', hsCode: '490199', quantity: 2, valueCents: 3000, originCountry: 'US' },
  ];

  /** The customs lines' weights (oz) of each EasyPost shipment the last quote created. */
  let quotedCustomsWeights: number[][] = [];

  async function buyAbroad() {
    const quote = await call('POST', '/shipments/quotes', shipper, {
      sender: DEMO_SENDER,
      receiver: TORONTO,
      packages: [{ ...DEMO_BOX, numberOfPackages: 2, insuranceDeclared: 20_000 }],
      customs: CUSTOMS,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    quotedCustomsWeights = fake.calls
      .filter((c) => c.method === 'POST' && c.path === 'shipments')
      .slice(-2)
      .map((c) => {
        const shipment = c.body.shipment as { customs_info?: { customs_items: { weight: number }[] } };
        return shipment.customs_info?.customs_items.map((item) => item.weight) ?? [];
      });
    const rate = (quote.json().data.rates as { id: string; service: string; insuranceCents: number }[]).find(
      (r) => r.service === 'GroundAdvantage',
    )!;
    // $200 declared on each parcel: $2.00 each under the published rule.
    expect(rate.insuranceCents).toBe(400);
    fake.calls.length = 0;
    const res = await call(
      'POST',
      '/shipments',
      shipper,
      { rateId: rate.id, payment: 'card' },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: string;
      uniqueId: string;
      carrier: string;
      trackingNumber: string;
      trackingNumbers: string[];
      insuredCents: number | null;
    };
  }

  it('buys each parcel with its declared value insured by the carrier and keeps both tracking numbers', async () => {
    const s = await buyAbroad();
    const buys = fake.calls.filter((c) => c.path.endsWith('/buy'));
    expect(buys.map((c) => c.body.insurance)).toEqual(['200.00', '200.00']);
    expect(s.trackingNumbers).toHaveLength(2);
    expect(new Set(s.trackingNumbers).size).toBe(2);
    expect(s.trackingNumber).toBe(s.trackingNumbers[0]);
    expect(s.insuredCents).toBe(40_000);
    // Each parcel's customs declaration: the T-shirts at their own 18 oz, the books at half the 102.4 oz parcel.
    expect(quotedCustomsWeights).toEqual([
      [18, 51.2],
      [18, 51.2],
    ]);
    const row = await rowOf(s.id);
    expect(row.parcelTrackingNumbers).toEqual(s.trackingNumbers.map((n) => n.toUpperCase()));
    // Spec 3's Package.trackingNumber: the row's first parcel.
    expect(row.packages[0]!.trackingNumber).toBe(s.trackingNumbers[0]);

    const pdf = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect(pdfText(pdf.rawPayload)).toEqual(s.trackingNumbers.map((n) => `${FAKE_LABEL_MARK} ${n}`));
    const full = (await call('GET', `/shipments/${s.id}/full`, shipper)).json().data;
    expect(full.trackingNumbers).toEqual(s.trackingNumbers);
    expect(full.labels.customsForm).toBe(`/api/v1/shipments/${s.id}/customs-form`);
  });

  it("serves the carrier's customs form, fetched with the label and kept", async () => {
    const s = await buyAbroad();
    const ids = (await rowOf(s.id)).providerShipmentId!.split(',');
    expect(fake.calls.filter((c) => c.path.startsWith('/files/forms/')).map((c) => c.path)).toEqual(
      ids.map((id) => `/files/forms/${id}.pdf`),
    );
    fake.calls.length = 0;
    const form = await call('GET', `/shipments/${s.id}/customs-form`, shipper);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('application/pdf');
    expect(form.headers['content-disposition']).toBe(`attachment; filename="${s.uniqueId}-customs.pdf"`);
    // One page per parcel's shipment, each the carrier's commercial invoice of it.
    expect((await PDFDocument.load(form.rawPayload)).getPageCount()).toBe(2);
    const text = pdfText(form.rawPayload).join('');
    for (const id of ids) expect(text).toContain(`${FAKE_CUSTOMS_MARK} ${id}`);
    expect(fake.calls).toEqual([]);
    // Somebody else's shipment is not found; a domestic one has no customs form.
    expect((await call('GET', `/shipments/${s.id}/customs-form`, admin)).statusCode).toBe(200);
    const other = await t.login('user@example.com');
    expect((await call('GET', `/shipments/${s.id}/customs-form`, other)).statusCode).toBe(404);
    expect((await call('GET', `/shipments/${s.id}/customs-form`, undefined)).statusCode).toBe(401);
    const domestic = await buyThroughEasyPost();
    const none = await call('GET', `/shipments/${domestic.id}/customs-form`, shipper);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This shipment has no customs form: it needs none.');
  });

  it('is found by either parcel on public tracking, and one pickup covers every parcel (an EasyPost batch)', async () => {
    const s = await buyAbroad();
    const second = s.trackingNumbers[1]!;
    const tracked = await call('GET', `/shipments/track/public?trackingNumber=${second}`, undefined);
    expect(tracked.statusCode).toBe(200);
    fake.calls.length = 0;
    const pickup = await call('POST', '/pickups', shipper, {
      carrier: s.carrier,
      address: DEMO_SENDER,
      date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      windowStart: '09:00',
      windowEnd: '12:00',
      shipmentIds: [s.id],
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json().data.packageCount).toBe(2);
    const ids = (await rowOf(s.id)).providerShipmentId!.split(',');
    const batch = fake.calls.find((c) => c.path === 'batches');
    expect((batch?.body.batch as { shipments: { id: string }[] }).shipments.map((x) => x.id)).toEqual(ids);
    const booked = fake.calls.find((c) => c.path === 'pickups');
    expect((booked?.body.pickup as { batch?: { id: string } }).batch?.id).toMatch(/^batch_/);
  });
});

describe('a return label through EasyPost', () => {
  it("is quoted as EasyPost's return (is_return) of the customer's shipment", async () => {
    const original = await buyThroughEasyPost();
    fake.calls.length = 0;
    const quote = await call('POST', '/shipments/quotes', shipper, {
      sender: DEMO_RECEIVER,
      receiver: DEMO_SENDER,
      packages: [DEMO_BOX],
      returnOf: original.id,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const created = fake.calls.filter((c) => c.path === 'shipments');
    expect(created.length).toBeGreaterThan(0);
    for (const c of created) expect((c.body.shipment as { is_return?: boolean }).is_return).toBe(true);
  });
});
