import { normalizeScanEvents } from '@postwise/shared/tracking';
import { addressSchema, arrivalPreferencesSchema, packageSchema } from '@postwise/shared/schemas/shipping';
import { describe, expect, it } from 'vitest';
import type { RateRequest, TrackInput } from './carrier-adapter';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../test/pdf-text';
import { la, ny } from '../../test/carrier-addresses';
import { SAMPLE_SCAN_FORM_MARK, SAMPLE_SCAN_FORM_TITLE } from './sample-scan-form';
import { SandboxCarrierAdapter } from './sandbox-carrier';
import { retailForParcel } from './sandbox-rates';

const box = packageSchema.parse({ packageType: 'Box', dimension: { length: 10, width: 8, height: 4 }, weight: 6.4 });
// Monday 2026-11-23 10:00 UTC
const monday = new Date('2026-11-23T10:00:00Z');

function request(over: Partial<RateRequest> = {}): RateRequest {
  return {
    sender: la,
    receiver: ny,
    packages: [box],
    customs: [],
    preferences: arrivalPreferencesSchema.parse({}),
    shipDate: monday,
    ...over,
  };
}

describe('sandbox carrier rates', () => {
  it('prices ground by zone and billable weight, with a negotiated cost 70–85% below retail', async () => {
    const rates = await new SandboxCarrierAdapter(() => monday).rates(request());
    expect(rates.map((r) => r.category)).toEqual(expect.arrayContaining(['Ground', '2-Day', 'Overnight']));
    expect(rates).toHaveLength(9);
    const fedexGround = rates.find((r) => r.service === 'FedEx Ground')!;
    // zone 8, 7 lb billable
    expect(fedexGround.retailCents).toBe(retailForParcel('Ground', 8, 7));
    expect(fedexGround.retailCents).toBe(1930 + 222 * 6);
    for (const r of rates) {
      const off = 1 - r.costCents / r.retailCents;
      expect(off).toBeGreaterThanOrEqual(0.7);
      expect(off).toBeLessThanOrEqual(0.85);
    }
    expect(fedexGround).toMatchObject({ transitDays: 5, deliveryDate: '2026-11-30' });
    expect(rates.find((r) => r.service === 'FedEx Standard Overnight')).toMatchObject({ deliveryDate: '2026-11-24' });
  });

  it('charges a closer zone less and multiplies by the number of packages', async () => {
    const sandbox = new SandboxCarrierAdapter(() => monday);
    const far = (await sandbox.rates(request()))[0]!;
    const near = (
      await sandbox.rates(request({ receiver: { ...ny, zipCode: '90210', city: 'Beverly Hills', state: 'CA' } }))
    )[0]!;
    expect(near.retailCents).toBeLessThan(far.retailCents);
    const three = (await sandbox.rates(request({ packages: [{ ...box, numberOfPackages: 3 }] })))[0]!;
    expect(three.retailCents).toBe(far.retailCents * 3);
  });

  it('offers only international services abroad, and nothing for a pallet', async () => {
    const sandbox = new SandboxCarrierAdapter(() => monday);
    const de = addressSchema.parse({ name: 'C', line1: 'Str 1', city: 'Berlin', zipCode: '10115', country: 'DE' });
    const intl = await sandbox.rates(request({ receiver: de }));
    expect(new Set(intl.map((r) => r.category))).toEqual(new Set(['International']));
    expect(await sandbox.rates(request({ packages: [{ ...box, packageType: 'Pallet' }] }))).toEqual([]);
  });
});

describe('sandbox tracking', () => {
  const input = (carrier: string, over: Partial<TrackInput> = {}): TrackInput => ({
    carrier,
    trackingNumber: 'X',
    providerShipmentId: null,
    labelCreatedAt: monday,
    deliveryDate: '2026-11-26',
    sender: la,
    receiver: ny,
    ...over,
  });

  it('moves through the lifecycle on the clock in the carrier-one shape (FedEx)', async () => {
    let now = monday;
    const sandbox = new SandboxCarrierAdapter(() => now);
    expect((await sandbox.track(input('FedEx'))).status).toBe('label_created');
    now = new Date('2026-11-24T00:00:00Z');
    const moving = await sandbox.track(input('FedEx'));
    expect(moving.status).toBe('in_transit');
    expect(moving.events[0]).toHaveProperty('gmtDate', '20261123');
    now = new Date('2026-11-26T15:00:00Z');
    expect((await sandbox.track(input('FedEx'))).status).toBe('out_for_delivery');
    now = new Date('2026-11-27T00:00:00Z');
    const done = await sandbox.track(input('FedEx'));
    expect(done.status).toBe('delivered');
    expect(normalizeScanEvents(done.events).map((e) => e.description)[0]).toBe('Delivered');
    expect(normalizeScanEvents(done.events)[0]).toMatchObject({ city: 'New York', country: 'US' });
  });

  it('answers carrier-two events (UPS) with derivedStatus and scanLocation, and shows exceptions', async () => {
    const sandbox = new SandboxCarrierAdapter(() => new Date('2026-12-01T00:00:00Z'));
    const ups = await sandbox.track(input('UPS', { receiver: { ...ny, line1: 'Undeliverable Rd' } }));
    expect(ups.status).toBe('exception');
    expect(ups.events.at(-1)).toEqual({
      date: expect.any(String),
      eventDescription: 'Delivery exception: address not found',
      derivedStatus: 'Exception',
      scanLocation: { city: 'New York', countryName: 'United States' },
    });
  });
});

describe('sandbox SCAN forms', () => {
  const adapter = new SandboxCarrierAdapter(() => monday);
  const form = (over: { carrier?: string; trackingNumbers?: string[] } = {}) =>
    adapter.createScanForm({
      carrier: 'USPS',
      fromAddress: la,
      shipDate: '2026-11-23',
      providerShipmentIds: ['sbx_shp_1'],
      trackingNumbers: ['9400100000000000000001'],
      ...over,
    });

  it('draws a one-page sample naming the from address, day, count and every tracking number', async () => {
    const numbers = Array.from({ length: 3 }, (_, i) => `940010000000000000000${i}`);
    const made = await form({ trackingNumbers: numbers });
    expect(made).toMatchObject({ status: 'created', trackingNumbers: numbers });
    expect(made.providerFormId).toMatch(/^sbx_sf_[0-9a-f]{16}$/);
    const text = pdfText(made.pdf!).join('\n');
    expect(text).toContain(SAMPLE_SCAN_FORM_TITLE);
    expect(text).toContain(SAMPLE_SCAN_FORM_MARK);
    for (const part of ['1 Main', 'Los Angeles, CA 90021', '2026-11-23', '3 packages', ...numbers]) {
      expect(text).toContain(part);
    }
    expect((await PDFDocument.load(made.pdf!)).getPageCount()).toBe(1);
  });

  it('continues a long list on more pages, and refuses other carriers and an empty form', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `9400${String(i).padStart(18, '0')}`);
    const made = await form({ trackingNumbers: many });
    expect((await PDFDocument.load(made.pdf!)).getPageCount()).toBe(2);
    expect(pdfText(made.pdf!).join('\n')).toContain(many.at(-1)!);
    await expect(form({ carrier: 'UPS' })).rejects.toThrow('SCAN forms are for USPS labels only');
    await expect(form({ trackingNumbers: [] })).rejects.toThrow('A SCAN form needs at least one label');
  });
});
