import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../demo/users';
import { suiteApp } from '../../../test/suite-app';

const FEES = {
  additionalFee: {
    packageReceiving: 250,
    packageConsolidation: 500,
    overWeight: 1500,
    mailStorage: 25,
    packageStorage: 100,
    palletReceiving: 3500,
    palletStorage: 500,
  },
  penaltyFee: { wrongAddress: 500, late: 1000, reinstatement: 2500 },
};
const NEW_PLAN = { name: 'Family Mailbox', price: 2999, validity: 'month', isPopular: false, scanCount: 80, ...FEES };

describe('plans', () => {
  const tokens: Record<string, string> = {};
  const suite = suiteApp();
  beforeAll(async () => {
    for (const email of [
      'superadmin@example.com',
      'subadmin@example.com',
      'reseller@example.com',
      'user@example.com',
      'mailbox@example.com',
    ]) {
      tokens[email] = await suite.t.login(email);
    }
    // reseller@example.com's Configuration tab is password-protected: writing plans needs its unlock.
    const unlock = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/users/check-password',
      headers: { 'x-access-token': tokens['reseller@example.com']! },
      payload: { password: DEMO_PASSWORD },
    });
    expect(unlock.json().data).toEqual({ isUnlocked: true });
  });

  const as = (email: string) => ({ 'x-access-token': tokens[email]! });
  const list = (email: string, query = '') =>
    suite.t.app.inject({ method: 'GET', url: `/api/v1/plans${query}`, headers: as(email) });

  it('GET plans needs a session (401)', async () => {
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).statusCode).toBe(401);
  });

  it('the super admin lists platform customer plans by default and sub-admin plans with store and mailbox counts', async () => {
    const customer = (await list('superadmin@example.com', '?validity=month')).json();
    expect(
      customer.items.every(
        (p: { audience: string; validity: string }) => p.audience === 'customer' && p.validity === 'month',
      ),
    ).toBe(true);
    const subAdmin = (await list('superadmin@example.com', '?audience=sub_admin&validity=year')).json();
    expect(subAdmin.items.length).toBe(3);
    for (const p of subAdmin.items) {
      expect(p.numberOfStores).toBeGreaterThan(0);
      expect(p.numberOfMailboxes).toBeGreaterThan(0);
    }
  });

  it('a sub-admin lists their own customer plans with mode=available, and with audience=sub_admin what they can buy', async () => {
    const own = (await list('subadmin@example.com', '?mode=available')).json();
    expect(own.items.length).toBeGreaterThan(0);
    const mine = new Set(own.items.map((p: { ownerUserId: string }) => p.ownerUserId));
    expect(mine.size).toBe(1);
    expect((await list('reseller@example.com', '?mode=available')).json().items).toEqual([]);
    const forSale = (await list('reseller@example.com', '?audience=sub_admin&validity=month')).json();
    expect(forSale.items.map((p: { name: string }) => p.name)).toEqual([
      'Reseller Starter',
      'Reseller Growth',
      'Reseller Enterprise',
    ]);
  });

  it('a customer lists the plans they can buy (their admin’s customer plans)', async () => {
    const res = (await list('mailbox@example.com', '?validity=year')).json();
    expect(res.items.length).toBe(3);
    expect(res.items.every((p: { audience: string }) => p.audience === 'customer')).toBe(true);
  });

  it('the super admin creates and edits a sub-admin plan; store and mailbox counts are required for it', async () => {
    const missing = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('superadmin@example.com'),
      payload: { ...NEW_PLAN, audience: 'sub_admin' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Number of stores must be a whole number of 1 or more');

    const created = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('superadmin@example.com'),
      payload: { ...NEW_PLAN, name: 'Reseller Pro', audience: 'sub_admin', numberOfStores: 5, numberOfMailboxes: 800 },
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json().data;
    expect(plan).toMatchObject({ audience: 'sub_admin', numberOfStores: 5, price: 2999 });

    const updated = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/plans/${plan.id}`,
      headers: as('superadmin@example.com'),
      payload: { ...NEW_PLAN, name: 'Reseller Pro Plus', price: 3499, numberOfStores: 6, numberOfMailboxes: 900 },
    });
    expect(updated.json().data).toMatchObject({ name: 'Reseller Pro Plus', price: 3499, numberOfStores: 6 });
    const one = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/plans/${plan.id}`,
      headers: as('superadmin@example.com'),
    });
    expect(one.json().data.name).toBe('Reseller Pro Plus');
  });

  it('validates plan bodies with the form messages (422)', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('superadmin@example.com'),
      payload: { ...NEW_PLAN, name: ' ', price: 19.5 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: 'Plan name is required',
      price: 'Enter an amount of 0 or more with at most 2 decimals',
    });
  });

  it('a sub-admin manages only their own customer plans (tenant checks)', async () => {
    const created = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('reseller@example.com'),
      payload: NEW_PLAN,
    });
    expect(created.statusCode).toBe(200);
    const own = created.json().data;
    expect(own.audience).toBe('customer');
    expect(
      (await list('reseller@example.com', '?mode=available')).json().items.map((p: { id: string }) => p.id),
    ).toEqual([own.id]);

    // Someone else's plan: another sub-admin's, or the platform's.
    const others = (await list('subadmin@example.com', '?mode=available')).json().items;
    const platform = (await list('superadmin@example.com')).json().items;
    for (const plan of [others[0], platform[0]]) {
      const put = await suite.t.app.inject({
        method: 'PUT',
        url: `/api/v1/plans/${plan.id}`,
        headers: as('reseller@example.com'),
        payload: NEW_PLAN,
      });
      expect(put.statusCode).toBe(403);
      const del = await suite.t.app.inject({
        method: 'DELETE',
        url: `/api/v1/plans/${plan.id}`,
        headers: as('reseller@example.com'),
      });
      expect(del.statusCode).toBe(403);
    }
    const subAdminPlan = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('reseller@example.com'),
      payload: { ...NEW_PLAN, audience: 'sub_admin', numberOfStores: 1, numberOfMailboxes: 10 },
    });
    expect(subAdminPlan.statusCode).toBe(403);

    const deleted = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/plans/${own.id}`,
      headers: as('reseller@example.com'),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list('reseller@example.com', '?mode=available')).json().items).toEqual([]);
  });

  it('customers cannot create, edit or delete plans (403)', async () => {
    const plan = (await list('user@example.com')).json().items[0];
    const post = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as('user@example.com'),
      payload: NEW_PLAN,
    });
    const put = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/plans/${plan.id}`,
      headers: as('user@example.com'),
      payload: NEW_PLAN,
    });
    const del = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/plans/${plan.id}`,
      headers: as('user@example.com'),
    });
    expect([post.statusCode, put.statusCode, del.statusCode]).toEqual([403, 403, 403]);
    const anon = await suite.t.app.inject({ method: 'POST', url: '/api/v1/plans', payload: NEW_PLAN });
    expect(anon.statusCode).toBe(401);
  });
});
