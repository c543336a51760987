import { addDaysToDayKey, platformToday } from '@postwise/shared/time-zones';
import { SCAN_FORM_MESSAGES } from '@postwise/shared/schemas/scan-forms';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scanForms, scanFormShipments } from '../schema/scan-forms';
import { shipments } from '../schema/shipments';
import { SAMPLE_SCAN_FORM_TITLE } from '../../../integrations/carriers/sample-scan-form';
import { pdfText } from '../../../test/pdf-text';
import { addCard, apiCaller, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER, idempotencyKey } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let user: string;
let admin: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  [shipper, user, admin] = await Promise.all([
    suite.t.login('shipper@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('superadmin@example.com'),
  ]);
  await Promise.all([addCard(suite.t, shipper), addCard(suite.t, user)]);
});

const today = () => platformToday(suite.t.clock.now());
// Addresses of these tests' own: the demo's shipper has labels of today from its own addresses.
const SENDER = { ...DEMO_SENDER, line1: '77 Manifest Ave' };
const OTHER_SENDER = { ...DEMO_SENDER, line1: '400 Warehouse Way', zipCode: '90013' };
const ours2 = (groups: Group[], line1: string) => groups.find((g) => g.fromAddress.line1 === line1)!;
const ours = (groups: Group[]) =>
  groups.filter((g) => [SENDER.line1, OTHER_SENDER.line1].includes(g.fromAddress.line1));

/** Buys a sandbox label of the carrier (USPS by default) from the sender, paid by card. */
async function buy(token: string, carrier = 'USPS', sender: Record<string, unknown> = SENDER) {
  const quote = await suite.kit('POST', '/shipments/quotes', token, {
    sender,
    receiver: DEMO_RECEIVER,
    packages: [DEMO_BOX],
  });
  const rate = (quote.json().data.rates as { id: string; carrier: string }[]).find((r) => r.carrier === carrier)!;
  const res = await suite.kit(
    'POST',
    '/shipments',
    token,
    { rateId: rate.id, payment: 'card' },
    { 'idempotency-key': idempotencyKey() },
  );
  expect(res.statusCode, res.body).toBe(201);
  // Labels bought a second apart, so a form lists them in the order they were bought (the test clock stands still).
  suite.t.clock.advance(1_000);
  return res.json().data as { id: string; trackingNumber: string; carrier: string };
}

interface Group {
  addressKey: string;
  packageCount: number;
  fromAddress: { line1: string };
  shipments: { id: string; trackingNumbers: string[] }[];
  customer: { email: string } | null;
}
const eligible = async (token: string, date = today()) => {
  const res = await suite.kit('GET', `/shipments/scan-forms/eligible?date=${date}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.groups as Group[];
};

describe('SCAN forms of a day’s USPS labels', () => {
  let form: { id: string; trackingNumbers: string[] };
  let labels: { id: string; trackingNumber: string }[];
  let addressKey: string;

  it('lists the day’s USPS labels on no form yet, one group per from address; nobody else’s', async () => {
    labels = [await buy(shipper), await buy(shipper)];
    await buy(shipper, 'UPS');
    const groups = ours(await eligible(shipper));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      packageCount: 2,
      fromAddress: { line1: SENDER.line1 },
      shipments: labels.map((l) => ({ id: l.id, trackingNumbers: [l.trackingNumber] })),
      customer: null,
    });
    expect(ours(await eligible(user))).toEqual([]);
    const everyone = await eligible(admin);
    expect(everyone.find((g) => g.addressKey === groups[0]!.addressKey)?.customer?.email).toBe('shipper@example.com');
  });

  it('creates the form of one address (201), lists it and serves its PDF naming every tracking number', async () => {
    addressKey = ours(await eligible(shipper))[0]!.addressKey;
    const res = await suite.kit('POST', '/shipments/scan-forms', shipper, { date: today(), addressKey });
    expect(res.statusCode, res.body).toBe(201);
    form = res.json().data;
    expect(res.json()).toMatchObject({ isSuccess: true, message: 'SCAN form created' });
    expect(form).toMatchObject({
      carrier: 'USPS',
      status: 'created',
      shipDate: today(),
      packageCount: 2,
      trackingNumbers: labels.map((l) => l.trackingNumber),
      fromAddress: { line1: SENDER.line1, zipCode: SENDER.zipCode },
      customer: null,
    });
    expect(ours(await eligible(shipper))).toEqual([]);

    const list = await suite.kit('GET', '/shipments/scan-forms?pageNo=1&pageSize=10', shipper);
    expect(list.json()).toMatchObject({ isSuccess: true, total: 1, pageNo: 1, items: [{ id: form.id }] });

    const file = await suite.kit('GET', `/shipments/scan-forms/${form.id}/file`, shipper);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="scan-form-\d{4}-\d{2}-\d{2}-/);
    const text = pdfText(file.rawPayload).join('\n');
    expect(text).toContain(SAMPLE_SCAN_FORM_TITLE);
    expect(text).toContain('2 packages');
    for (const l of labels) expect(text).toContain(l.trackingNumber);
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);
  });

  it('answers the same form to the same request again (200), by address or by the same labels', async () => {
    for (const body of [{ addressKey }, { shipmentIds: [labels[1]!.id, labels[0]!.id] }]) {
      const again = await suite.kit('POST', '/shipments/scan-forms', shipper, { date: today(), ...body });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ id: form.id, status: 'created' });
    }
    expect((await suite.kit('GET', '/shipments/scan-forms', shipper)).json().total).toBe(1);
  });

  it('makes one form of two identical requests sent at once (a double click)', async () => {
    const third = { ...SENDER, line1: '9 Double Click Ct' };
    const label = await buy(shipper, 'USPS', third);
    const body = { date: today(), shipmentIds: [label.id] };
    const [a, b] = await Promise.all([
      suite.kit('POST', '/shipments/scan-forms', shipper, body),
      suite.kit('POST', '/shipments/scan-forms', shipper, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    const forms = (await suite.kit('GET', '/shipments/scan-forms?pageSize=50', shipper)).json().items as {
      shipmentIds: string[];
    }[];
    expect(forms.filter((f) => f.shipmentIds.includes(label.id))).toHaveLength(1);
  });

  it('finishes a form whose request stopped before the carrier answered: by the same request, or on download', async () => {
    const db = suite.t.database.db;
    /** A form committed with its claim on the labels, the process gone before the carrier was asked. */
    const stuck = async (line1: string) => {
      const label = await buy(shipper, 'USPS', { ...SENDER, line1 });
      const group = ours2(await eligible(shipper), line1);
      const [row] = await db.select().from(shipments).where(eq(shipments.id, label.id));
      const [form] = await db
        .insert(scanForms)
        .values({
          userId: row!.userId,
          carrier: 'USPS',
          provider: 'sandbox',
          fromAddress: row!.sender,
          addressKey: group.addressKey,
          shipDate: today(),
          trackingNumbers: [label.trackingNumber],
          shipmentIds: [label.id],
          packageCount: 1,
          requestKey: `crashed-${label.id}`,
          claimedAt: suite.t.clock.now(),
          createdAt: suite.t.clock.now(),
        })
        .returning();
      await db.insert(scanFormShipments).values({ shipmentId: label.id, scanFormId: form!.id });
      return { form: form!, group, label };
    };
    const a = await stuck('1 Crashed Ct');
    const b = await stuck('2 Crashed Ct');
    // Within the claim the first request may still be asking: it is answered as it stands.
    const soon = await suite.kit('POST', '/shipments/scan-forms', shipper, {
      date: today(),
      addressKey: a.group.addressKey,
    });
    expect(soon.json().data).toMatchObject({ id: a.form.id, status: 'creating' });
    expect((await suite.kit('GET', `/shipments/scan-forms/${a.form.id}/file`, shipper)).statusCode).toBe(409);

    suite.t.clock.advance(3 * 60_000);
    const later = await suite.kit('POST', '/shipments/scan-forms', shipper, {
      date: today(),
      addressKey: a.group.addressKey,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toMatchObject({
      id: a.form.id,
      status: 'created',
      trackingNumbers: [a.label.trackingNumber],
    });
    const file = await suite.kit('GET', `/shipments/scan-forms/${b.form.id}/file`, shipper);
    expect(file.statusCode, file.body).toBe(200);
    expect(pdfText(file.rawPayload).join('\n')).toContain(b.label.trackingNumber);
    const [finished] = await db.select().from(scanForms).where(eq(scanForms.id, b.form.id));
    expect(finished).toMatchObject({ status: 'created', providerFormId: expect.stringMatching(/^sbx_sf_/) });
  });

  it('refuses with 422: a label already on a form, other carriers, other addresses, other days, nothing chosen', async () => {
    const post = (body: Record<string, unknown>) =>
      suite.kit('POST', '/shipments/scan-forms', shipper, { date: today(), ...body });
    const message = async (body: Record<string, unknown>) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().isSuccess).toBe(false);
      return res.json().message as string;
    };
    const fresh = await buy(shipper);
    expect(await message({ shipmentIds: [labels[0]!.id, fresh.id] })).toBe(SCAN_FORM_MESSAGES.alreadyOnForm);
    const ups = await buy(shipper, 'UPS');
    expect(await message({ shipmentIds: [fresh.id, ups.id] })).toBe(SCAN_FORM_MESSAGES.notUsps);
    const elsewhere = await buy(shipper, 'USPS', OTHER_SENDER);
    expect(await message({ shipmentIds: [fresh.id, elsewhere.id] })).toBe(SCAN_FORM_MESSAGES.otherAddress);
    const yesterday = addDaysToDayKey(today(), -1);
    expect(await message({ date: yesterday, shipmentIds: [fresh.id] })).toBe(SCAN_FORM_MESSAGES.otherDay);
    expect(await message({ shipmentIds: [] })).toBe(SCAN_FORM_MESSAGES.nothingChosen);
    expect(await message({})).toBe(SCAN_FORM_MESSAGES.nothingChosen);
    expect(await message({ addressKey: 'no-such-address' })).toBe(SCAN_FORM_MESSAGES.noneWaiting);
    expect(await message({ date: '2026-13-45', shipmentIds: [fresh.id] })).toBe(SCAN_FORM_MESSAGES.date);
    const voided = await buy(shipper);
    expect((await suite.kit('POST', `/shipments/${voided.id}/void`, shipper, {})).statusCode).toBe(200);
    expect(await message({ shipmentIds: [voided.id] })).toBe(SCAN_FORM_MESSAGES.notBought);

    // Two addresses, two forms: each group makes its own.
    const groups = ours(await eligible(shipper));
    expect(groups.map((g) => g.fromAddress.line1).sort()).toEqual([SENDER.line1, OTHER_SENDER.line1].sort());
    for (const g of groups) expect((await post({ addressKey: g.addressKey })).statusCode).toBe(201);
    expect((await suite.kit('GET', '/shipments/scan-forms', shipper)).json().total).toBe(6);
  });

  it("hides another customer's forms and labels (404), and asks for a session (401) and a shipping profile (403)", async () => {
    expect((await suite.kit('GET', `/shipments/scan-forms/${form.id}/file`, user)).statusCode).toBe(404);
    expect((await suite.kit('GET', '/shipments/scan-forms', user)).json().total).toBe(0);
    const theirs = await suite.kit('POST', '/shipments/scan-forms', user, {
      date: today(),
      shipmentIds: [labels[0]!.id],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Shipment not found');
    expect((await suite.kit('GET', '/shipments/scan-forms/not-a-uuid/file', shipper)).statusCode).toBe(422);

    expect((await suite.kit('GET', '/shipments/scan-forms')).statusCode).toBe(401);
    expect((await suite.kit('GET', `/shipments/scan-forms/eligible?date=${today()}`)).statusCode).toBe(401);
    expect(
      (await suite.kit('POST', '/shipments/scan-forms', undefined, { date: today(), addressKey: 'x' })).statusCode,
    ).toBe(401);
    expect((await suite.kit('GET', `/shipments/scan-forms/${form.id}/file`)).statusCode).toBe(401);
    const [mailbox, subAdmin] = await Promise.all([
      suite.t.login('mailbox@example.com'),
      suite.t.login('subadmin@example.com'),
    ]);
    for (const token of [mailbox, subAdmin]) {
      expect((await suite.kit('GET', '/shipments/scan-forms', token)).statusCode).toBe(403);
      expect((await suite.kit('GET', `/shipments/scan-forms/${form.id}/file`, token)).statusCode).toBe(403);
    }
  });

  it("shows the super admin every customer's forms with whose each is, and their files", async () => {
    const list = await suite.kit('GET', '/shipments/scan-forms?pageSize=50', admin);
    const mine = (list.json().items as { id: string; customer: { email: string } | null }[]).find(
      (f) => f.id === form.id,
    );
    expect(mine?.customer?.email).toBe('shipper@example.com');
    expect((await suite.kit('GET', `/shipments/scan-forms/${form.id}/file`, admin)).statusCode).toBe(200);
  });
});
