import { normalizeScanEvents } from '@postwise/shared/tracking';
import { addressSchema, arrivalPreferencesSchema, packageSchema } from '@postwise/shared/schemas/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateRequest } from './carrier-adapter';
import { categoryOf, EasyPostCarrierAdapter, statusFromEasyPost } from './easypost-carrier';
import { EasyPostFake, FAKE_LABEL_MARK, FAKE_SCAN_FORM_MARK } from './easypost-fake';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../test/pdf-text';
import { la, ny, SEATTLE_SPELT_OUT } from '../../test/carrier-addresses';

const box = packageSchema.parse({
  packageType: 'Box',
  dimension: { length: 25.4, width: 10, height: 10, unit: 'cm' },
  weight: 1,
  weightUnits: 'kg',
});
const monday = new Date('2026-11-23T10:00:00Z');

let fake: EasyPostFake;
let adapter: EasyPostCarrierAdapter;

beforeAll(async () => {
  fake = new EasyPostFake();
  adapter = new EasyPostCarrierAdapter('EZTK_test_key', () => monday, { baseUrl: await fake.start() });
});
afterAll(async () => fake?.stop());

const request = (over: Partial<RateRequest> = {}): RateRequest => ({
  sender: la,
  receiver: ny,
  packages: [box],
  customs: [],
  preferences: arrivalPreferencesSchema.parse({ signature: true }),
  shipDate: monday,
  ...over,
});

describe('EasyPost adapter through the official SDK against a local fake', () => {
  it('sends addresses, inches/ounces parcels and options, and maps rates to cents with retail', async () => {
    fake.calls.length = 0;
    const rates = await adapter.rates(request());
    const sent = fake.calls[0]!;
    expect(sent).toMatchObject({ method: 'POST', path: 'shipments' });
    expect(sent.body.shipment).toMatchObject({
      from_address: { street1: '1 Main', zip: '90021', country: 'US' },
      to_address: { city: 'New York', state: 'NY' },
      parcel: { length: 10, width: 3.9, height: 3.9, weight: 35.3 },
      options: { delivery_confirmation: 'SIGNATURE', label_size: '4x6' },
    });
    const usps = rates.find((r) => r.service === 'GroundAdvantage')!;
    // 5 + 35.3 * 0.05 = 6.765, which the fake prints as "6.76" (binary floating point); retail "27.06"
    expect(usps).toMatchObject({
      provider: 'easypost',
      carrier: 'USPS',
      costCents: 676,
      retailCents: 2706,
      transitDays: 4,
      category: 'Ground',
    });
    expect(usps.deliveryDate).toBe('2026-11-27');
    expect(rates.find((r) => r.service === 'Express')!.category).toBe('Overnight');
  });

  it('rates several parcels as several shipments and sums them, then buys each', async () => {
    fake.calls.length = 0;
    const rates = await adapter.rates(request({ packages: [{ ...box, numberOfPackages: 2 }] }));
    expect(fake.calls.filter((c) => c.path === 'shipments')).toHaveLength(2);
    const ground = rates.find((r) => r.service === 'GroundAdvantage')!;
    expect(ground.costCents).toBe(676 * 2);
    const label = await adapter.buyLabel(ground);
    const buys = fake.calls.filter((c) => c.path.endsWith('/buy'));
    expect(buys).toHaveLength(2);
    expect(buys[0]!.body).toEqual({ rate: { id: expect.stringMatching(/^rate_/) } });
    expect(label.trackingNumber).toMatch(/^EZ/);
    expect(label.providerShipmentId.split(',')).toHaveLength(2);
    expect(label.costCents).toBe(715 * 2);
    expect(await adapter.voidLabel({ providerShipmentId: label.providerShipmentId })).toBe(true);
    expect(fake.calls.filter((c) => c.path.endsWith('/refund'))).toHaveLength(2);
  });

  it("fetches the carrier's label of a bought shipment as a 4×6 PDF and as ZPL, converted by EasyPost", async () => {
    const ground = (await adapter.rates(request())).find((r) => r.service === 'GroundAdvantage')!;
    const label = await adapter.buyLabel(ground);
    fake.calls.length = 0;
    const files = await adapter.labelFiles(label.providerShipmentId);
    const conversions = fake.calls.filter((c) => c.path.endsWith('/label'));
    expect(conversions.map((c) => [c.method, c.path, c.query.file_format])).toEqual([
      ['GET', `shipments/${label.providerShipmentId}/label`, 'PDF'],
      ['GET', `shipments/${label.providerShipmentId}/label`, 'ZPL'],
    ]);
    expect(files.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(files.pdf)).toEqual([`${FAKE_LABEL_MARK} ${label.trackingNumber}`]);
    const page = (await PDFDocument.load(files.pdf)).getPage(0).getSize();
    expect(page).toEqual({ width: 288, height: 432 });
    expect(files.zpl.toString()).toBe(`^XA^FO50,50^A0N,30,30^FD${FAKE_LABEL_MARK} ${label.trackingNumber}^FS^XZ\n`);
  });

  it('puts every parcel of a label in one PDF (a page each) and one ZPL stream', async () => {
    const ground = (await adapter.rates(request({ packages: [{ ...box, numberOfPackages: 2 }] }))).find(
      (r) => r.service === 'GroundAdvantage',
    )!;
    const label = await adapter.buyLabel(ground);
    const files = await adapter.labelFiles(label.providerShipmentId);
    expect((await PDFDocument.load(files.pdf)).getPageCount()).toBe(2);
    expect(files.zpl.toString().match(/\^XA/g)).toHaveLength(2);
  });

  it('refuses when the label cannot be had (a CarrierError the caller retries later)', async () => {
    const ground = (await adapter.rates(request())).find((r) => r.service === 'GroundAdvantage')!;
    const label = await adapter.buyLabel(ground);
    fake.failLabels = true;
    await expect(adapter.labelFiles(label.providerShipmentId)).rejects.toThrow(/EasyPost: /);
    fake.failLabels = false;
    await expect(adapter.labelFiles('shp_99999999')).rejects.toThrow(/EasyPost: /);
  });

  it('verifies an address with EasyPost: its spelling comes back as a correction, ZIP+4 and case alone do not', async () => {
    fake.calls.length = 0;
    const seattle = addressSchema.parse(SEATTLE_SPELT_OUT);
    const verdict = await adapter.verifyAddress(seattle);
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      path: 'addresses',
      body: { verify: true, address: { street1: '500 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' } },
    });
    expect(verdict).toEqual({
      deliverable: true,
      corrected: { ...seattle, line1: '500 PINE ST', city: 'SEATTLE', zipCode: '98101-1234' },
      messages: [],
    });
    // Only case and the ZIP+4 differ: nothing to accept.
    expect(await adapter.verifyAddress(ny)).toEqual({ deliverable: true, corrected: null, messages: [] });
  });

  it('reports an address EasyPost cannot deliver to, with its reason', async () => {
    const nowhere = { ...ny, line1: '99999 Nowhere Imaginary Rd' };
    expect(await adapter.verifyAddress(nowhere)).toEqual({
      deliverable: false,
      corrected: null,
      messages: ['Address not found'],
    });
  });

  it('reports a refused refund', async () => {
    fake.refundStatus = 'rejected';
    expect(await adapter.voidLabel({ providerShipmentId: 'shp_00000001' })).toBe(false);
    fake.refundStatus = 'submitted';
  });

  it('answers tracking details in the carrier-two shape and maps the status', async () => {
    fake.tracker = {
      status: 'out_for_delivery',
      tracking_details: [
        {
          datetime: '2026-11-24T09:00:00Z',
          message: 'Arrived at USPS Regional Facility',
          status: 'in_transit',
          tracking_location: { city: 'NEWARK', country: 'US' },
        },
        {
          datetime: '2026-11-25T07:10:00Z',
          message: 'Out for Delivery',
          status: 'out_for_delivery',
          tracking_location: { city: 'NEW YORK', country: 'US' },
        },
      ],
    };
    const snap = await adapter.track({
      carrier: 'USPS',
      trackingNumber: 'EZ1000000001',
      providerShipmentId: null,
      labelCreatedAt: monday,
      deliveryDate: null,
      sender: la,
      receiver: ny,
    });
    expect(snap.status).toBe('out_for_delivery');
    expect(snap.events[1]).toEqual({
      date: '2026-11-25T07:10:00Z',
      eventDescription: 'Out for Delivery',
      derivedStatus: 'OutForDelivery',
      scanLocation: { city: 'NEW YORK', countryName: 'US' },
    });
    expect(normalizeScanEvents(snap.events)[0]!.description).toBe('Out for Delivery');
    expect(fake.calls.at(-1)!.body).toEqual({ tracker: { tracking_code: 'EZ1000000001', carrier: 'USPS' } });
  });

  it('books the pickup of one parcel for its shipment', async () => {
    await adapter.schedulePickup({
      carrier: 'USPS',
      address: la,
      date: '2026-11-24',
      windowStart: '09:00',
      windowEnd: '12:00',
      packageCount: 1,
      providerShipmentIds: ['shp_00000002'],
      instructions: null,
    });
    const created = fake.calls.findLast((c) => c.path === 'pickups')!;
    expect(created.body.pickup).toMatchObject({ shipment: { id: 'shp_00000002' }, reference: '1 package' });
    expect(created.body.pickup).not.toHaveProperty('batch');
  });

  it('schedules the pickup of every parcel (an EasyPost batch of their shipments) and cancels it', async () => {
    const pickup = await adapter.schedulePickup({
      carrier: 'USPS',
      address: la,
      date: '2026-11-24',
      windowStart: '09:00',
      windowEnd: '12:00',
      packageCount: 2,
      providerShipmentIds: ['shp_00000002,shp_00000003'],
      instructions: null,
    });
    expect(pickup).toMatchObject({ confirmation: 'WTC12345678' });
    const batch = fake.calls.findLast((c) => c.path === 'batches')!;
    expect(batch.body).toEqual({ batch: { shipments: [{ id: 'shp_00000002' }, { id: 'shp_00000003' }] } });
    const created = fake.calls.findLast((c) => c.path === 'pickups')!;
    expect(created.body.pickup).toMatchObject({
      batch: { id: expect.stringMatching(/^batch_/) },
      min_datetime: '2026-11-24T09:00:00',
      reference: '2 packages',
    });
    expect(created.body.pickup).not.toHaveProperty('shipment');
    await adapter.cancelPickup(pickup.providerPickupId);
    expect(fake.calls.at(-1)!.path).toBe(`pickups/${pickup.providerPickupId}/cancel`);
  });

  it('turns an EasyPost error into a CarrierError, and tests the connection', async () => {
    fake.failNext = 422;
    await expect(adapter.rates(request())).rejects.toThrow(/EasyPost: /);
    expect(await adapter.testConnection()).toEqual({ ok: true, message: 'Connected to EasyPost.' });
    fake.failNext = 401;
    expect((await adapter.testConnection()).ok).toBe(false);
  });

  it('maps services and statuses', () => {
    expect(categoryOf('NextDayAir', false)).toBe('Overnight');
    expect(categoryOf('Priority', false)).toBe('2-Day');
    expect(categoryOf('Ground', true)).toBe('International');
    expect(statusFromEasyPost('pre_transit')).toBe('label_created');
    expect(statusFromEasyPost('return_to_sender')).toBe('exception');
  });
});

describe('EasyPost SCAN forms through the official SDK against the fake', () => {
  const buy = async (service = 'GroundAdvantage', over: Partial<RateRequest> = {}) =>
    adapter.buyLabel((await adapter.rates(request(over))).find((r) => r.service === service)!);
  const formOf = (labels: { providerShipmentId: string; trackingNumber: string }[]) =>
    adapter.createScanForm({
      carrier: 'USPS',
      fromAddress: la,
      shipDate: '2026-11-23',
      providerShipmentIds: labels.map((l) => l.providerShipmentId),
      trackingNumbers: labels.map((l) => l.trackingNumber),
    });

  it("creates the form of the day's USPS labels (POST scan_forms) and downloads its PDF", async () => {
    const [a, b] = [await buy(), await buy()];
    fake.calls.length = 0;
    const form = await formOf([a, b]);
    const sent = fake.calls.find((c) => c.path === 'scan_forms')!;
    expect(sent).toMatchObject({
      method: 'POST',
      body: { scan_form: { shipments: [{ id: a.providerShipmentId }, { id: b.providerShipmentId }] } },
    });
    expect(form).toMatchObject({
      providerFormId: expect.stringMatching(/^sf_/),
      status: 'created',
      trackingNumbers: [a.trackingNumber, b.trackingNumber],
    });
    expect(pdfText(form.pdf!)).toEqual([
      `${FAKE_SCAN_FORM_MARK} ${form.providerFormId} ${a.trackingNumber} ${b.trackingNumber}`,
    ]);
  });

  it('sends every parcel of a label of several parcels', async () => {
    const two = await buy('GroundAdvantage', { packages: [{ ...box, numberOfPackages: 2 }] });
    fake.calls.length = 0;
    const form = await formOf([two]);
    const sent = fake.calls.find((c) => c.path === 'scan_forms')!;
    expect((sent.body.scan_form as { shipments: unknown[] }).shipments).toHaveLength(2);
    expect(form.trackingNumbers).toHaveLength(2);
  });

  it('answers a form EasyPost is still making without its PDF, and fetches the PDF once it is made', async () => {
    const label = await buy();
    fake.scanFormsPending = true;
    const form = await formOf([label]);
    fake.scanFormsPending = false;
    expect(form).toMatchObject({ status: 'creating', pdf: null });
    const pdf = await adapter.scanFormFile(form.providerFormId);
    expect(pdfText(pdf!).join(' ')).toContain(label.trackingNumber);
  });

  it('refuses, as EasyPost does, labels already on a form, of another carrier or from another address', async () => {
    const label = await buy();
    await formOf([label]);
    await expect(formOf([label])).rejects.toThrow(
      'EasyPost: Shipment ' + label.providerShipmentId + ' is already on a SCAN form',
    );
    const ups = await buy('2ndDayAir');
    await expect(formOf([ups])).rejects.toThrow('EasyPost: SCAN forms can only be created for USPS shipments');
    const here = await buy();
    const elsewhere = await buy('GroundAdvantage', { sender: ny, receiver: la });
    await expect(formOf([here, elsewhere])).rejects.toThrow('EasyPost: All shipments must have the same from address');
    await expect(formOf([{ providerShipmentId: 'shp_99999999', trackingNumber: 'X' }])).rejects.toThrow(
      /has no postage label/,
    );
  });
});
