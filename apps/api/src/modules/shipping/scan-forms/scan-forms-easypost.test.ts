import { platformToday } from '@postwise/shared/time-zones';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EasyPostFake, FAKE_SCAN_FORM_MARK } from '../../../integrations/carriers/easypost-fake';
import { pdfText } from '../../../test/pdf-text';
import {
  addCard,
  apiCaller,
  buyGroundAdvantage,
  DEMO_BOX,
  DEMO_SENDER,
  easyPostTestApp,
} from '../../../test/shipping-kit';
import type { TestApp } from '../../../test/test-app';
import { shipments } from '../schema/shipments';

let t: TestApp;
let fake: EasyPostFake;
let shipper: string;
let call: ReturnType<typeof apiCaller>;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await easyPostTestApp('EZAK_scan_test'));
  call = apiCaller(t);
  shipper = await t.login('shipper@example.com');
  await addCard(t, shipper);
});
afterAll(async () => close?.());

const today = () => platformToday(t.clock.now());

/** Buys EasyPost's USPS GroundAdvantage from the sender: a real carrier's label (a shipment per parcel). */
async function buyUsps(sender: Record<string, unknown>, packages: unknown[] = [DEMO_BOX]) {
  const { id } = await buyGroundAdvantage(t, shipper, { sender, packages });
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  return row!;
}

const groupOf = async (line1: string) => {
  const res = await call('GET', `/shipments/scan-forms/eligible?date=${today()}`, shipper);
  return (
    res.json().data.groups as { addressKey: string; fromAddress: { line1: string }; packageCount: number }[]
  ).find((g) => g.fromAddress.line1 === line1);
};

describe('SCAN forms of EasyPost labels (the official SDK against the fake)', () => {
  it("makes EasyPost's ScanForm of every parcel from one address, keeps its PDF and serves it from storage", async () => {
    const sender = { ...DEMO_SENDER, line1: '12 Easy Post Rd' };
    const one = await buyUsps(sender);
    const two = await buyUsps(sender, [{ ...DEMO_BOX, numberOfPackages: 2 }]);
    const group = await groupOf(sender.line1);
    expect(group?.packageCount).toBe(3);

    fake.calls.length = 0;
    const res = await call('POST', '/shipments/scan-forms', shipper, { date: today(), addressKey: group!.addressKey });
    expect(res.statusCode, res.body).toBe(201);
    const sent = fake.calls.find((c) => c.path === 'scan_forms')!;
    const ids = [one, two].flatMap((s) => s.providerShipmentId!.split(','));
    const sentIds = (sent.body.scan_form as { shipments: { id: string }[] }).shipments.map((s) => s.id);
    expect(sentIds.sort()).toEqual(ids.sort());
    const numbers = [...one.parcelTrackingNumbers, ...two.parcelTrackingNumbers];
    expect(res.json().data).toMatchObject({ status: 'created', packageCount: 3 });
    expect([...res.json().data.trackingNumbers].sort()).toEqual([...numbers].sort());

    fake.calls.length = 0;
    const file = await call('GET', `/shipments/scan-forms/${res.json().data.id}/file`, shipper);
    expect(file.statusCode).toBe(200);
    expect(pdfText(file.rawPayload).join('')).toContain(FAKE_SCAN_FORM_MARK);
    for (const n of numbers) expect(pdfText(file.rawPayload).join('')).toContain(n);
    expect(fake.calls).toEqual([]);
  });

  it('records a form EasyPost is still making (creating) and fetches its PDF on download', async () => {
    const sender = { ...DEMO_SENDER, line1: '13 Pending Pl' };
    const label = await buyUsps(sender);
    fake.scanFormsPending = true;
    const res = await call('POST', '/shipments/scan-forms', shipper, { date: today(), shipmentIds: [label.id] });
    fake.scanFormsPending = false;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('creating');
    const file = await call('GET', `/shipments/scan-forms/${res.json().data.id}/file`, shipper);
    expect(file.statusCode).toBe(200);
    expect(pdfText(file.rawPayload).join('')).toContain(label.carrierTrackingNumber!);
    const list = await call('GET', '/shipments/scan-forms?pageSize=50', shipper);
    const form = (list.json().items as { id: string; status: string }[]).find((f) => f.id === res.json().data.id);
    expect(form?.status).toBe('created');
  });

  it("answers EasyPost's refusal (422) and releases the labels for another try", async () => {
    const sender = { ...DEMO_SENDER, line1: '14 Refused Row' };
    const label = await buyUsps(sender);
    // EasyPost already has this shipment on a form (made outside the product).
    fake.scanForms.set('sf_99999999', { shipmentIds: [label.providerShipmentId!], trackingCodes: [] });
    const res = await call('POST', '/shipments/scan-forms', shipper, { date: today(), shipmentIds: [label.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`EasyPost: Shipment ${label.providerShipmentId} is already on a SCAN form`);
    expect((await groupOf(sender.line1))?.packageCount).toBe(1);
    fake.scanForms.delete('sf_99999999');
    const again = await call('POST', '/shipments/scan-forms', shipper, { date: today(), shipmentIds: [label.id] });
    expect(again.statusCode, again.body).toBe(201);
  });
});
