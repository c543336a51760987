import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../billing/schema/plans';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';

const suite = suiteApp(adminKit);
beforeAll(async () => {
  // reseller@example.com's Configuration tab is password-protected: its session unlocks it as the web app does.
  await suite.kit.unlock(RESELLER);
  // reseller@example.com's plan allows 1 store and they have one: these tests add one more under a larger plan
  // (plan limits themselves are tested in payouts.test.ts).
  await suite.t.database.db.update(plans).set({ numberOfStores: 5 }).where(eq(plans.name, 'Reseller Starter'));
});

const RESELLER = 'reseller@example.com';
const STORE = {
  name: 'Santa Monica',
  address1: '1431 Ocean Ave',
  address2: '',
  city: 'Santa Monica',
  state: 'California',
  zip: '90401',
  country: 'United States',
  phone: '3105550188',
  hours: 'Mon–Fri 9:00–17:00',
  latitude: 34.0141,
  longitude: -118.4962,
  pmbPrefix: '#',
  nextPmbNumber: 7001,
};

describe('stores', () => {
  it('GET /stores: a sub-admin sees their own stores, the default first; the super admin sees all', async () => {
    const own = (await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/stores')).json();
    expect(own.items.map((s: { name: string }) => s.name)).toEqual(['Downtown LA', 'Hollywood']);
    expect(own.items[0]).toMatchObject({
      isDefault: true,
      pmbPrefix: 'PMB',
      mailboxCount: 2,
      owner: { email: 'subadmin@example.com' },
    });
    const all = (await suite.kit.as('superadmin@example.com', 'GET', '/api/v1/stores')).json();
    expect(all.total).toBe(5);
    const one = (
      await suite.kit.as(
        'superadmin@example.com',
        'GET',
        `/api/v1/stores?ownerUserId=${await suite.kit.idOf(RESELLER)}`,
      )
    ).json();
    expect(one.items.map((s: { name: string }) => s.name)).toEqual(['Mid-Wilshire']);
    const search = (await suite.kit.as('superadmin@example.com', 'GET', '/api/v1/stores?search=holly')).json();
    expect(search.items.map((s: { name: string }) => s.name)).toEqual(['Hollywood']);
  });

  it('POST /stores adds a store; marking it default moves the flag', async () => {
    const res = await suite.kit.as(RESELLER, 'POST', '/api/v1/stores', { ...STORE, isDefault: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...STORE, address2: null, isDefault: true, mailboxCount: 0 });
    // A store without a time zone counts its days in Los Angeles.
    expect(res.json().data.timeZone).toBe('America/Los_Angeles');
    const list = (await suite.kit.as(RESELLER, 'GET', '/api/v1/stores')).json();
    expect(list.items.filter((s: { isDefault: boolean }) => s.isDefault).map((s: { name: string }) => s.name)).toEqual([
      'Santa Monica',
    ]);
  });

  it.each([
    [{ ...STORE, name: '' }, 'Store name is required'],
    [{ ...STORE, address1: ' ' }, 'Address Line 1 is required'],
    [{ ...STORE, phone: '12345' }, 'Phone number must be exactly 10 digits'],
    [{ ...STORE, zip: '12345678901' }, 'Zip Code cannot be longer than 10 characters'],
    [{ ...STORE, latitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ ...STORE, longitude: -181 }, 'Longitude must be between -180 and 180'],
    [{ ...STORE, nextPmbNumber: 0 }, 'Next PMB number must be a whole number from 1'],
    [{ ...STORE, timeZone: 'America/Springfield' }, 'Time zone must be an IANA time zone such as America/Los_Angeles'],
    [{ ...STORE, timeZone: 'PST' }, 'Time zone must be an IANA time zone such as America/Los_Angeles'],
  ])('answers 422 for an invalid store: %s', async (payload, message) => {
    const res = await suite.kit.as(RESELLER, 'POST', '/api/v1/stores', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('PUT and DELETE: the owner edits; another sub-admin gets 403; a store holding mailboxes is kept (409)', async () => {
    const stores = (await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/stores')).json().items as {
      id: string;
      name: string;
    }[];
    const hollywood = stores.find((s) => s.name === 'Hollywood')?.id as string;
    const downtown = stores.find((s) => s.name === 'Downtown LA')?.id as string;
    const edit = await suite.kit.as('subadmin@example.com', 'PUT', `/api/v1/stores/${hollywood}`, {
      ...STORE,
      name: 'Hollywood & Vine',
      nextPmbNumber: 3100,
      timeZone: 'America/New_York',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      name: 'Hollywood & Vine',
      nextPmbNumber: 3100,
      isDefault: false,
      timeZone: 'America/New_York',
    });
    expect((await suite.kit.as(RESELLER, 'PUT', `/api/v1/stores/${hollywood}`, STORE)).statusCode).toBe(403);
    expect((await suite.kit.as(RESELLER, 'DELETE', `/api/v1/stores/${hollywood}`)).statusCode).toBe(403);
    const inUse = await suite.kit.as('subadmin@example.com', 'DELETE', `/api/v1/stores/${downtown}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('This store holds mailboxes and cannot be deleted');
  });

  it('DELETE of the default store hands the default to the next one', async () => {
    const list = (await suite.kit.as(RESELLER, 'GET', '/api/v1/stores')).json().items as { id: string; name: string }[];
    const santaMonica = list.find((s) => s.name === 'Santa Monica')?.id as string;
    const res = await suite.kit.as(RESELLER, 'DELETE', `/api/v1/stores/${santaMonica}`);
    expect(res.statusCode).toBe(200);
    const after = (await suite.kit.as(RESELLER, 'GET', '/api/v1/stores')).json().items;
    expect(after).toEqual([expect.objectContaining({ name: 'Mid-Wilshire', isDefault: true })]);
    expect((await suite.kit.as(RESELLER, 'GET', `/api/v1/stores/${santaMonica}`)).statusCode).toBe(404);
  });

  it('is refused to customers and anonymous callers', async () => {
    expect((await suite.kit.as('user@example.com', 'GET', '/api/v1/stores')).statusCode).toBe(403);
    expect((await suite.kit.as(null, 'POST', '/api/v1/stores', STORE)).statusCode).toBe(401);
  });
});
