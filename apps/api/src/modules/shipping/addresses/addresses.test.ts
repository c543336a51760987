import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, packagePresets } from '../schema/shipping';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let user: string;
let mailbox: string;
let subAdmin: string;

const suite = suiteApp();
beforeAll(async () => {
  [shipper, user, mailbox, subAdmin] = await Promise.all([
    suite.t.login('shipper@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('mailbox@example.com'),
    suite.t.login('subadmin@example.com'),
  ]);
  // Start shipper@ from an empty address book and preset list (the demo seed fills them).
  const [row] = await suite.t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'shipper@example.com'));
  await suite.t.database.db.delete(addresses).where(eq(addresses.userId, row!.id));
  await suite.t.database.db.delete(packagePresets).where(eq(packagePresets.userId, row!.id));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  suite.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { 'x-access-Token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const home = {
  name: 'Zed Zimmer',
  companyName: 'Zed Co',
  line1: '500 Market St',
  city: 'San Francisco',
  state: 'ca',
  zipCode: '94105-1234',
  country: 'US',
  phone: '(415) 555-0100',
};

describe('addresses', () => {
  it('adds an address (validated, ZIP+4 kept), the first becomes the default sender', async () => {
    const res = await call('POST', '/addresses', shipper, home);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ state: 'CA', zipCode: '94105-1234', phone: '4155550100', isDefault: true });
    const def = await call('GET', '/addresses/default', shipper);
    expect(def.json().data.id).toBe(res.json().data.id);
  });

  it('lists own addresses paged in SQL with default first and "starts with" search', async () => {
    for (const name of ['Amy Adams', 'Ben Brown', 'Bella Blue']) {
      expect((await call('POST', '/addresses', shipper, { ...home, name })).statusCode).toBe(201);
    }
    const page = await call('GET', '/addresses?pageNo=1&pageSize=2', shipper);
    expect(page.json()).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 2 });
    expect(page.json().total).toBeGreaterThanOrEqual(4);
    expect(page.json().items[0].isDefault).toBe(true);
    const search = await call('GET', '/addresses?search=be', shipper);
    expect(
      search
        .json()
        .items.map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['Bella Blue', 'Ben Brown']);
  });

  it('edits, switches the default sender and deletes', async () => {
    const created = (await call('POST', '/addresses', shipper, { ...home, name: 'Cara Cole' })).json().data;
    const edited = await call('PUT', `/addresses/${created.id}`, shipper, {
      ...home,
      name: 'Cara Cole-Day',
      isDefault: true,
    });
    expect(edited.json().data).toMatchObject({ name: 'Cara Cole-Day', isDefault: true });
    const defaults = (await call('GET', '/addresses?pageSize=100', shipper))
      .json()
      .items.filter((a: { isDefault: boolean }) => a.isDefault);
    expect(defaults).toHaveLength(1);
    const other = (await call('GET', '/addresses?search=amy', shipper)).json().items[0];
    expect((await call('POST', `/addresses/${other.id}/default`, shipper)).json().data.isDefault).toBe(true);
    expect((await call('GET', '/addresses/default', shipper)).json().data.id).toBe(other.id);
    expect((await call('DELETE', `/addresses/${created.id}`, shipper)).statusCode).toBe(200);
    expect((await call('GET', `/addresses/${created.id}`, shipper)).statusCode).toBe(404);
  });

  it('answers 422 with the field messages', async () => {
    const res = await call('POST', '/addresses', shipper, { ...home, state: 'Cali', zipCode: '9410' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        state: 'State must be a US state code (e.g. CA).',
        zipCode: 'Zip Code must be 5 digits or ZIP+4 (12345-6789).',
      },
    });
    expect(
      (await call('POST', '/addresses', shipper, { ...home, country: 'CA', state: 'ON', zipCode: '90210' })).json()
        .message,
    ).toBe('Postal code is not valid for this country.');
  });

  it('never shows, edits or deletes another customer\u2019s address (404)', async () => {
    const mine = (await call('POST', '/addresses', shipper, { ...home, name: 'Private Person' })).json().data;
    expect((await call('GET', `/addresses/${mine.id}`, user)).statusCode).toBe(404);
    expect((await call('PUT', `/addresses/${mine.id}`, user, home)).statusCode).toBe(404);
    expect((await call('DELETE', `/addresses/${mine.id}`, user)).statusCode).toBe(404);
    expect((await call('POST', `/addresses/${mine.id}/default`, user)).statusCode).toBe(404);
    const theirs = (await call('GET', '/addresses?search=private', user)).json();
    expect(theirs.total).toBe(0);
  });

  it('answers 401 without a session and 403 to accounts without a shipment profile', async () => {
    expect((await call('GET', '/addresses')).statusCode).toBe(401);
    expect((await call('POST', '/addresses', undefined, home)).statusCode).toBe(401);
    expect((await call('GET', '/addresses', mailbox)).statusCode).toBe(403);
    expect((await call('GET', '/addresses', subAdmin)).statusCode).toBe(403);
  });
});

const box = {
  name: 'Small box',
  packageType: 'Box',
  dimension: { unit: 'in', length: 10, width: 8, height: 4 },
  weight: 2,
  weightUnits: 'lb',
};

describe('package presets', () => {
  it('saves, lists, edits and deletes own presets', async () => {
    const created = await call('POST', '/packages', shipper, box);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ name: 'Small box', numberOfPackages: 1, dimension: { length: 10 } });
    expect((await call('GET', '/packages', shipper)).json()).toMatchObject({ total: 1, items: [{ id }] });
    const edited = await call('PUT', `/packages/${id}`, shipper, { ...box, weight: 3.5 });
    expect(edited.json().data.weight).toBe(3.5);
    expect((await call('GET', `/packages/${id}`, shipper)).json().data.weight).toBe(3.5);
    expect((await call('GET', `/packages/${id}`, user)).statusCode).toBe(404);
    expect((await call('DELETE', `/packages/${id}`, user)).statusCode).toBe(404);
    expect((await call('DELETE', `/packages/${id}`, shipper)).statusCode).toBe(200);
    expect((await call('GET', `/packages/${id}`, shipper)).statusCode).toBe(404);
  });

  it('answers 422, 401 and 403', async () => {
    const bad = await call('POST', '/packages', shipper, { ...box, weight: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Weight must be greater than 0');
    expect((await call('GET', '/packages')).statusCode).toBe(401);
    expect((await call('GET', '/packages', mailbox)).statusCode).toBe(403);
    expect((await call('GET', '/packages/not-a-uuid', shipper)).statusCode).toBe(422);
  });
});
