import { beforeAll, describe, expect, it } from 'vitest';
import { addCard, apiCaller, buyCheapest, DEMO_SENDER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let user: string;
let admin: string;
let subadmin: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  [shipper, user, admin, subadmin] = await Promise.all([
    suite.t.login('shipper@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('superadmin@example.com'),
    suite.t.login('subadmin@example.com'),
  ]);
  await addCard(suite.t, shipper);
});

const tomorrow = () => new Date(suite.t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);

describe('what the super admin sees of shipments and pickups', () => {
  it('names the customer and shows cost, markup and margin on the list and the details; the customer sees neither', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    const list = (await suite.kit('GET', '/shipments?pageSize=100', admin)).json();
    const row = list.items.find((s: { id: string }) => s.id === bought.id);
    expect(row.customer).toEqual({ id: row.userId, fullName: expect.any(String), email: 'shipper@example.com' });
    expect(row.margin).toEqual({
      costCents: expect.any(Number),
      markupCents: expect.any(Number),
      discountCents: expect.any(Number),
      marginCents: row.margin.markupCents - row.margin.discountCents,
    });
    expect(row.margin.costCents + row.margin.marginCents).toBe(row.priceCents);
    for (const url of [`/shipments/${bought.id}`, `/shipments/${bought.id}/full`]) {
      const detail = (await suite.kit('GET', url, admin)).json().data;
      expect(detail.customer).toMatchObject({ email: 'shipper@example.com' });
      expect(detail.margin.marginCents).toBe(row.margin.marginCents);
      const own = (await suite.kit('GET', url, shipper)).json().data;
      expect(own).toMatchObject({ customer: null, margin: null, userId: null });
      expect(own.savingCents).toBe(row.savingCents);
    }
    const ownList = (await suite.kit('GET', '/shipments?pageSize=100', shipper)).json();
    const ownRow = ownList.items.find((s: { id: string }) => s.id === bought.id);
    expect(ownRow).toMatchObject({ customer: null, margin: null, savingCents: expect.any(Number) });
    // Tenancy is unchanged: another customer does not find it, a sub-admin has no shipping lists.
    expect((await suite.kit('GET', `/shipments/${bought.id}`, user)).statusCode).toBe(404);
    expect((await suite.kit('GET', '/shipments', subadmin)).statusCode).toBe(403);
  });

  it("lists every customer's pickups with the customer for the super admin, and only one's own for a customer", async () => {
    const booked = await suite.kit('POST', '/pickups', shipper, {
      carrier: 'UPS',
      address: DEMO_SENDER,
      date: tomorrow(),
      windowStart: '09:00',
      windowEnd: '12:00',
      packageCount: 2,
    });
    expect(booked.statusCode).toBe(201);
    const pickup = booked.json().data;
    expect(pickup.customer).toBeNull();
    const all = (await suite.kit('GET', '/pickups?pageSize=100', admin)).json();
    expect(all.items).toContainEqual(
      expect.objectContaining({ id: pickup.id, customer: expect.objectContaining({ email: 'shipper@example.com' }) }),
    );
    const own = (await suite.kit('GET', '/pickups?pageSize=100', shipper)).json();
    expect(own.items.map((p: { id: string }) => p.id)).toContain(pickup.id);
    expect(own.items.every((p: { customer: unknown }) => p.customer === null)).toBe(true);
    expect((await suite.kit('GET', '/pickups?pageSize=100', user)).json().items).not.toContainEqual(
      expect.objectContaining({ id: pickup.id }),
    );
    expect((await suite.kit('GET', '/pickups', subadmin)).statusCode).toBe(403);
    expect((await suite.kit('DELETE', `/pickups/${pickup.id}`, user)).statusCode).toBe(404);
  });
});
