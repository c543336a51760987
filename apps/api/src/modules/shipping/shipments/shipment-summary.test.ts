import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type NewShipmentRow, type ShipmentStatus, shipments } from '../schema/shipments';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';

let seq = 0;

const get = (token?: string) =>
  suite.t.app.inject({
    method: 'GET',
    url: '/api/v1/shipments/summary',
    headers: token ? { 'x-access-Token': token } : {},
  });

async function idOf(email: string) {
  const [row] = await suite.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const address = (name: string, city: string, state: string, zipCode: string) => ({
  name,
  line1: '1 Main St',
  city,
  state,
  zipCode,
  country: 'US',
});

/** A shipment row as a bought label leaves it, created `minutesAgo` before now. */
function row(
  userId: string,
  status: ShipmentStatus,
  listPriceCents: number,
  priceCents: number,
  minutesAgo: number,
): NewShipmentRow {
  seq += 1;
  return {
    uniqueId: `PWSUM${String(seq).padStart(7, '0')}`,
    userId,
    sender: address('Daniel Thompson', 'Los Angeles', 'CA', '90069'),
    receiver: address(`Receiver ${seq}`, 'Austin', 'TX', '78702'),
    carrier: 'UPS',
    carrierService: 'UPS_GROUND',
    carrierTrackingNumber: `1ZSUM${seq}`,
    shipmentDetails: { service: 'UPS Ground', deliveryDate: null, deliveryTime: null, category: null },
    listPriceCents,
    priceCents,
    status,
    voidedAt: status === 'voided' ? new Date() : null,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  };
}

const suite = suiteApp();

describe('GET shipments/summary', () => {
  it('answers 401 without a token and 403 to roles that cannot ship', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const email of ['mailbox@example.com', 'subadmin@example.com']) {
      const res = await get(await suite.t.login(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json().isSuccess).toBe(false);
    }
  });

  it("sums savings and spend over the caller's standing labels, lists the last five, never another's", async () => {
    const db = suite.t.database.db;
    const customer = await idOf('user@example.com');
    const other = await idOf('shipper@example.com');
    await db.delete(shipments).where(inArray(shipments.userId, [customer]));
    await db.insert(shipments).values([
      row(customer, 'label_created', 2_000, 500, 60),
      row(customer, 'delivered', 1_000, 300, 50),
      row(customer, 'in_transit', 4_000, 1_250, 40),
      // Voided and draft labels neither count nor save anything.
      row(customer, 'voided', 5_000, 1_000, 30),
      row(customer, 'draft', 9_000, 100, 20),
      row(customer, 'out_for_delivery', 800, 800, 10),
      row(customer, 'exception', 1_500, 600, 5),
      // Another customer's, newer than all of them.
      row(other, 'delivered', 99_000, 1_000, 1),
    ]);

    const res = await get(await suite.t.login('user@example.com'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isSuccess).toBe(true);
    const s = body.data;
    // Standing: 2000-500 + 1000-300 + 4000-1250 + 800-800 + 1500-600.
    expect(s.count).toBe(5);
    expect(s.savingsCents).toBe(1_500 + 700 + 2_750 + 0 + 900);
    expect(s.spentCents).toBe(500 + 300 + 1_250 + 800 + 600);
    // Newest first, drafts left out, the voided one shown as such; the other customer's never.
    expect(s.recent.map((r: { status: string }) => r.status)).toEqual([
      'exception',
      'out_for_delivery',
      'voided',
      'in_transit',
      'delivered',
    ]);
    expect(s.recent[0]).toMatchObject({
      carrier: 'UPS',
      service: 'UPS Ground',
      receiverName: expect.stringMatching(/^Receiver \d+$/),
      receiverCity: 'Austin',
      receiverState: 'TX',
      priceCents: 600,
      trackingNumber: expect.stringMatching(/^1ZSUM\d+$/),
    });
    const otherIds = (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, other))).map(
      (r) => r.id,
    );
    for (const r of s.recent as { id: string }[]) expect(otherIds).not.toContain(r.id);
  });

  it("gives the super admin their own figures only, not the platform's", async () => {
    const admin = await idOf('superadmin@example.com');
    const db = suite.t.database.db;
    await db.delete(shipments).where(eq(shipments.userId, admin));
    const empty = (await get(await suite.t.login('superadmin@example.com'))).json().data;
    expect(empty).toEqual({ count: 0, savingsCents: 0, spentCents: 0, recent: [] });
    await db.insert(shipments).values(row(admin, 'delivered', 3_000, 1_000, 1));
    const own = (await get(await suite.t.login('superadmin@example.com'))).json().data;
    expect(own).toMatchObject({ count: 1, savingsCents: 2_000, spentCents: 1_000 });
    expect(own.recent).toHaveLength(1);
  });

  it('is documented in the OpenAPI', async () => {
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/shipments/summary'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
  });
});
