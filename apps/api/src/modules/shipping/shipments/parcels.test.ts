import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackingSnapshot } from '../../../integrations/carriers/carrier-adapter';
import { pdfText } from '../../../test/pdf-text';
import { addCard, apiCaller, buyCheapest, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { shipments } from '../schema/shipments';
import { SAMPLE_LABEL_TEXT } from './label';
import { withParcelTrackingNumbers } from './purchase-shipment';
import { combineParcelSnapshots, runTrackingRefresh } from './tracking-job';
import { DEV_TRACKING_WEBHOOK_SECRET } from '../../../config';
import { signTrackingWebhook } from './tracking-webhook';
import { TORONTO } from '../../../test/carrier-addresses';

const snap = (status: TrackingSnapshot['status'], description = status): TrackingSnapshot => ({
  status,
  events: [{ date: '2026-11-20T08:00:00Z', eventDescription: description, derivedStatus: null, scanLocation: null }],
});

describe('combineParcelSnapshots', () => {
  it('is as far along as the slowest parcel, with every parcel’s events', () => {
    const both = combineParcelSnapshots([snap('delivered'), snap('in_transit')]);
    expect(both.status).toBe('in_transit');
    expect(both.events).toHaveLength(2);
    expect(combineParcelSnapshots([snap('delivered'), snap('delivered')]).status).toBe('delivered');
    expect(combineParcelSnapshots([snap('out_for_delivery'), snap('label_created')]).status).toBe('label_created');
  });

  it('is an exception when any parcel is one, and a single parcel is as it is', () => {
    expect(combineParcelSnapshots([snap('delivered'), snap('exception')]).status).toBe('exception');
    const one = snap('out_for_delivery');
    expect(combineParcelSnapshots([one])).toBe(one);
  });
});

describe('withParcelTrackingNumbers', () => {
  const row = (n: number) => ({ numberOfPackages: n });
  it('gives each package row the number of its first parcel', () => {
    expect(withParcelTrackingNumbers([row(2), row(1)], ['A', 'B', 'C']).map((p) => p.trackingNumber)).toEqual([
      'A',
      'C',
    ]);
  });
  it('puts a consignment’s one number on the first row only', () => {
    expect(withParcelTrackingNumbers([row(2), row(1)], ['F']).map((p) => p.trackingNumber)).toEqual(['F', undefined]);
  });
});

let shipper: string;
let call: ReturnType<typeof apiCaller>;

const suite = suiteApp();
beforeAll(async () => {
  shipper = await suite.t.login('shipper@example.com');
  await addCard(suite.t, shipper);
  call = apiCaller(suite.t);
});

const rowOf = async (id: string) =>
  (await suite.t.database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;

describe('a sandbox shipment of several parcels', () => {
  it('has a tracking number and a sample label page per parcel (PDF and ZPL)', async () => {
    const s = await buyCheapest(suite.t, shipper, {
      packages: [
        { ...DEMO_BOX, numberOfPackages: 2 },
        { ...DEMO_BOX, weight: 2 },
      ],
    });
    const full = (await call('GET', `/shipments/${s.id}/full`, shipper)).json().data;
    expect(full.trackingNumbers).toHaveLength(3);
    expect(new Set(full.trackingNumbers).size).toBe(3);
    expect(full.packages.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual([
      full.trackingNumbers[0],
      full.trackingNumbers[2],
    ]);
    expect(full.labels.customsForm).toBeNull();

    const pdf = await call('GET', `/shipments/${s.id}/label?format=pdf`, shipper);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3);
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const n of full.trackingNumbers) expect(text).toContain(n);
    expect(text).toContain('Parcel 1 of 3 · 6.4 lb');
    expect(text).toContain('Parcel 3 of 3 · 2 lb');
    expect(text.split(SAMPLE_LABEL_TEXT)).toHaveLength(4);
    const zpl = (await call('GET', `/shipments/${s.id}/label?format=zpl`, shipper)).body;
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    for (const n of full.trackingNumbers) expect(zpl).toContain(`^FD${n}^FS`);
  });

  it('is tracked parcel by parcel: a carrier webhook for one parcel has every parcel asked again', async () => {
    const s = await buyCheapest(suite.t, shipper, { packages: [{ ...DEMO_BOX, numberOfPackages: 2 }] });
    const row = await rowOf(s.id);
    const second = row.parcelTrackingNumbers[1]!;
    const body = JSON.stringify({
      id: `evt_parcel_${s.id}`,
      object: 'Event',
      description: 'tracker.updated',
      result: { object: 'Tracker', id: 'trk_2', tracking_code: second.toLowerCase(), status: 'delivered' },
    });
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/tracking/webhook',
      headers: {
        'content-type': 'application/json',
        'x-hmac-signature': signTrackingWebhook(body, DEV_TRACKING_WEBHOOK_SECRET),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    // One parcel delivered is not the shipment delivered: it stays as it was, due for a refresh now.
    expect(res.json().data).toMatchObject({ shipmentId: s.id, status: 'label_created' });
    const after = await rowOf(s.id);
    expect(after.status).toBe('label_created');
    expect(after.nextTrackingAt!.getTime()).toBeLessThanOrEqual(suite.t.clock.now().getTime());
    const { queued } = await runTrackingRefresh({ db: suite.t.database.db, now: suite.t.clock.now });
    expect(queued).toBeGreaterThanOrEqual(1);
    await suite.t.drainJobs();
    expect((await rowOf(s.id)).lastTrackedAt).not.toBeNull();
  });

  it('draws a sample customs declaration for a sandbox shipment abroad', async () => {
    const s = await buyCheapest(suite.t, shipper, {
      receiver: TORONTO,
      customs: [
        { description: 'Cotton T-shirts', hsCode: '610910', quantity: 4, valueCents: 8000, originCountry: 'US' },
      ],
    });
    const full = (await call('GET', `/shipments/${s.id}/full`, shipper)).json().data;
    expect(full.labels.customsForm).toBe(`/api/v1/shipments/${s.id}/customs-form`);
    const form = await call('GET', `/shipments/${s.id}/customs-form`, shipper);
    expect(form.statusCode).toBe(200);
    const text = pdfText(form.rawPayload).join('\n');
    expect(text).toContain('Customs declaration CN 22');
    expect(text).toContain('Cotton T-shirts');
    expect(text).toContain('610910');
    expect(text).toContain(SAMPLE_LABEL_TEXT);
    // A voided label's form is gone with it.
    expect((await call('POST', `/shipments/${s.id}/void`, shipper, {})).statusCode).toBe(200);
    expect((await call('GET', `/shipments/${s.id}/customs-form`, shipper)).statusCode).toBe(409);
  });
});

describe('GET shipments/{id}/customs-form', () => {
  it('needs a signed-in caller', async () => {
    const res = await call('GET', `/shipments/${crypto.randomUUID()}/customs-form`);
    expect(res.statusCode).toBe(401);
  });
  it('answers 404 for a shipment that is not the caller’s', async () => {
    const s = await buyCheapest(suite.t, shipper);
    const other = await suite.t.login('user@example.com');
    expect((await call('GET', `/shipments/${s.id}/customs-form`, other)).statusCode).toBe(404);
  });
  it('answers 422 for an id that is not a uuid', async () => {
    expect((await call('GET', '/shipments/nope/customs-form', shipper)).statusCode).toBe(422);
  });
});

describe('return labels (POST shipments/quotes with returnOf)', () => {
  const swapped = { sender: DEMO_RECEIVER, receiver: DEMO_SENDER, packages: [DEMO_BOX] };

  it('quotes the swapped addresses as a return of the caller’s shipment; the label bought records it', async () => {
    const original = await buyCheapest(suite.t, shipper);
    const quote = await call('POST', '/shipments/quotes', shipper, { ...swapped, returnOf: original.id });
    expect(quote.statusCode, quote.body).toBe(200);
    const rate = quote.json().data.rates[0];
    const bought = await call(
      'POST',
      '/shipments',
      shipper,
      { rateId: rate.id, payment: 'card' },
      { 'idempotency-key': `return-${original.id}` },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const back = bought.json().data;
    expect(back.returnOfShipmentId).toBe(original.id);
    expect(back.sender.name).toBe(DEMO_RECEIVER.name);
    expect(back.receiver.name).toBe(DEMO_SENDER.name);
    expect((await call('GET', `/shipments/${original.id}`, shipper)).json().data.returnOfShipmentId).toBeNull();
  });

  it('is not found for another customer’s shipment, refused for a voided one, and needs a shipment id', async () => {
    const original = await buyCheapest(suite.t, shipper);
    const other = await suite.t.login('user@example.com');
    const theirs = await call('POST', '/shipments/quotes', other, { ...swapped, returnOf: original.id });
    expect(theirs.statusCode).toBe(404);
    expect((await call('POST', `/shipments/${original.id}/void`, shipper, {})).statusCode).toBe(200);
    const voided = await call('POST', '/shipments/quotes', shipper, { ...swapped, returnOf: original.id });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().message).toBe('A voided or cancelled shipment has no return label.');
    const bad = await call('POST', '/shipments/quotes', shipper, { ...swapped, returnOf: 'PW123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ returnOf: 'Return of must be a shipment id' });
  });
});
