import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from './admin-test-kit';

const suite = suiteApp(adminKit);

const SA = 'superadmin@example.com';

describe('GET /api/v1/sub-admins', () => {
  it('pages the sub-admins with their customer and store counts', async () => {
    const res = await suite.kit.as(SA, 'GET', '/api/v1/sub-admins');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { email: string; customerCount: number; storeCount: number }[];
    expect(items.find((i) => i.email === 'subadmin@example.com')).toMatchObject({ customerCount: 4, storeCount: 2 });
    expect(items.find((i) => i.email === 'reseller@example.com')).toMatchObject({ customerCount: 2, storeCount: 1 });
    expect(items.find((i) => i.email === 'partner@example.com')).toMatchObject({
      customerCount: 1,
      storeCount: 1,
      referredBy: { email: 'subadmin@example.com' },
    });
  });

  it('filters by the super sub-admin flag and searches by name', async () => {
    const flagged = (await suite.kit.as(SA, 'GET', '/api/v1/sub-admins?isSuperSubAdmin=true')).json();
    expect(flagged.items.map((i: { email: string }) => i.email)).toEqual(['subadmin@example.com']);
    const byName = (await suite.kit.as(SA, 'GET', '/api/v1/sub-admins?search=patel')).json();
    expect(byName.items.map((i: { email: string }) => i.email)).toEqual(['reseller@example.com']);
  });

  it('is for the super admin only', async () => {
    expect((await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/sub-admins')).statusCode).toBe(403);
    expect((await suite.kit.as(null, 'GET', '/api/v1/sub-admins')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/sub-admins (Add Sub Admin)', () => {
  it('invites a sub-admin, optionally a super sub-admin, with the register link for the SUB_ADMIN role', async () => {
    const res = await suite.kit.as(SA, 'POST', '/api/v1/sub-admins', {
      email: 'west.side@example.com',
      firstName: 'Jordan',
      lastName: 'Reyes',
      isSuperSubAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      invited: true,
      user: { role: { code: 'SUB_ADMIN' }, isSuperSubAdmin: true, email: 'west.side@example.com' },
      counts: { customers: 0, referredClients: 0, stores: 0 },
    });
    const mail = (await suite.t.outbox()).find((m) => m.to === 'west.side@example.com');
    expect(mail?.text).toContain(`parentUser=${await suite.kit.idOf(SA)}&role=SUB_ADMIN`);
  });

  it('answers 422 with the first message and 409 for a taken e-mail', async () => {
    const invalid = await suite.kit.as(SA, 'POST', '/api/v1/sub-admins', {
      email: 'x@example.com',
      firstName: '',
      lastName: '',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toBe('First Name is required');
    const taken = await suite.kit.as(SA, 'POST', '/api/v1/sub-admins', {
      email: 'reseller@example.com',
      firstName: 'A',
      lastName: 'B',
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('GET / PUT /api/v1/sub-admins/:id', () => {
  it('answers the detail with counts', async () => {
    const res = await suite.kit.as(SA, 'GET', `/api/v1/sub-admins/${await suite.kit.idOf('subadmin@example.com')}`);
    expect(res.json().data).toMatchObject({
      user: { email: 'subadmin@example.com', isSuperSubAdmin: true },
      counts: { customers: 4, referredClients: 2, stores: 2 },
    });
    expect(
      (await suite.kit.as(SA, 'GET', `/api/v1/sub-admins/${await suite.kit.idOf('user@example.com')}`)).statusCode,
    ).toBe(404);
  });

  it('flags a sub-admin isSuperSubAdmin, which opens their referred clients', async () => {
    const id = await suite.kit.idOf('reseller@example.com');
    expect((await suite.kit.as('reseller@example.com', 'GET', '/api/v1/referred-clients')).statusCode).toBe(403);
    const res = await suite.kit.as(SA, 'PUT', `/api/v1/sub-admins/${id}`, { isSuperSubAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.isSuperSubAdmin).toBe(true);
    expect((await suite.kit.as('reseller@example.com', 'GET', '/api/v1/referred-clients')).statusCode).toBe(200);
    await suite.kit.as(SA, 'PUT', `/api/v1/sub-admins/${id}`, { isSuperSubAdmin: false });
  });

  it('deactivates and activates a sub-admin', async () => {
    const id = await suite.kit.idOf('partner@example.com');
    const off = await suite.kit.as(SA, 'PUT', `/api/v1/sub-admins/${id}`, { status: 'inactive' });
    expect(off.json().data.user.status).toBe('inactive');
    const login = await suite.kit.call('POST', '/api/v1/auths/login', null, {
      email: 'partner@example.com',
      password: 'Demo1234!',
    });
    expect(login.statusCode).toBe(403);
    await suite.kit.as(SA, 'PUT', `/api/v1/sub-admins/${id}`, { status: 'active' });
    expect(await suite.t.login('partner@example.com')).toMatch(/\S+/);
  });

  it('refuses a bad status (422) and non super admins (403)', async () => {
    const id = await suite.kit.idOf('reseller@example.com');
    const bad = await suite.kit.as(SA, 'PUT', `/api/v1/sub-admins/${id}`, { status: 'paused' });
    expect(bad.statusCode).toBe(422);
    expect(
      (await suite.kit.as('subadmin@example.com', 'PUT', `/api/v1/sub-admins/${id}`, { status: 'inactive' }))
        .statusCode,
    ).toBe(403);
  });
});
