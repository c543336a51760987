import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../test/suite-app';
import { invoices } from '../modules/billing/schema/invoices';
import { shipments } from '../modules/shipping/schema/shipments';
import { addresses, marginDiscounts, packagePresets, shippingRequests } from '../modules/shipping/schema/shipping';
import { users } from '../modules/identity/schema/users';
import { seedDemoData } from './index';

const suite = suiteApp();

describe('shipping demo data', () => {
  it('gives shipper@ and user@ address books, two presets, shipments in every state, a pay-later invoice and a pending request', async () => {
    const db = suite.t.database.db;
    const [shipper] = await db.select().from(users).where(eq(users.email, 'shipper@example.com'));
    expect(await db.$count(addresses, eq(addresses.userId, shipper!.id))).toBe(5);
    expect(await db.$count(packagePresets, eq(packagePresets.userId, shipper!.id))).toBe(2);
    const byStatus = await db
      .select({ status: shipments.status, n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(sql`${shipments.uniqueId} like 'PW81%'`)
      .groupBy(shipments.status);
    const statuses = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(20);
    for (const s of ['label_created', 'in_transit', 'delivered', 'exception', 'voided']) {
      expect(statuses[s], s).toBeGreaterThan(0);
    }
    const [payLater] = await db.select().from(shipments).where(eq(shipments.uniqueId, 'PW8100000009'));
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, payLater!.invoiceId!));
    expect(invoice).toMatchObject({ status: 'open', category: 'shipment', totalCents: payLater!.priceCents });
    expect(await db.$count(shippingRequests, eq(shippingRequests.status, 'pending'))).toBe(1);
    expect(await db.$count(marginDiscounts)).toBe(2);

    // Shipper@ sees them in the list; the README demo numbers still track.
    const token = await suite.t.login('shipper@example.com');
    const list = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/shipments?pageSize=100',
      headers: { 'x-access-Token': token },
    });
    expect(list.json().total).toBe(14 + 4);
    // A row names the service as the customer chose it, not the carrier's code (UPS_2ND_DAY_AIR).
    const ups = list.json().items.find((s: { uniqueId: string }) => s.uniqueId === 'PW5519073824');
    expect(ups?.service).toBe('UPS 2nd Day Air');
    const search = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/shipments?search=marcus',
      headers: { 'x-access-Token': token },
    });
    expect(search.json().items.map((s: { uniqueId: string }) => s.uniqueId)).toContain('PW7342918560');
  });

  it('seeds idempotently', async () => {
    const db = suite.t.database.db;
    const before = [await db.$count(shipments), await db.$count(addresses), await db.$count(invoices)];
    await seedDemoData(db, { overwrite: false });
    await seedDemoData(db, { overwrite: true });
    expect([await db.$count(shipments), await db.$count(addresses), await db.$count(invoices)]).toEqual(before);
  });
});
