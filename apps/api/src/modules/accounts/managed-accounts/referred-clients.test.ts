import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from './admin-test-kit';

const suite = suiteApp(adminKit);

const SUPER_SUB = 'subadmin@example.com';

describe('GET /api/v1/referred-clients', () => {
  it('lists the accounts that registered through the super sub-admin’s invitation link', async () => {
    const res = await suite.kit.as(SUPER_SUB, 'GET', '/api/v1/referred-clients');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { email: string; role: string; referredBy: { email: string } }[];
    expect(items.map((i) => i.email).sort()).toEqual(['lucas.martin@example.com', 'partner@example.com']);
    expect(items.every((i) => i.referredBy.email === SUPER_SUB)).toBe(true);
  });

  it('filters by role (sub-admins carry their counts) and searches', async () => {
    const subs = (await suite.kit.as(SUPER_SUB, 'GET', '/api/v1/referred-clients?role=SUB_ADMIN')).json();
    expect(subs.items).toEqual([
      expect.objectContaining({ email: 'partner@example.com', customerCount: 1, storeCount: 1 }),
    ]);
    const search = (await suite.kit.as(SUPER_SUB, 'GET', '/api/v1/referred-clients?search=mart')).json();
    expect(search.items.map((i: { email: string }) => i.email)).toEqual(['lucas.martin@example.com']);
    expect((await suite.kit.as(SUPER_SUB, 'GET', '/api/v1/referred-clients?role=SUPER_ADMIN')).statusCode).toBe(422);
  });

  it('is refused to sub-admins without the flag, the super admin and customers', async () => {
    for (const email of ['reseller@example.com', 'partner@example.com', 'superadmin@example.com', 'user@example.com']) {
      expect((await suite.kit.as(email, 'GET', '/api/v1/referred-clients')).statusCode).toBe(403);
    }
    expect((await suite.kit.as(null, 'GET', '/api/v1/referred-clients')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/referred-clients/:id', () => {
  it('answers a referred sub-admin with their counts', async () => {
    const res = await suite.kit.as(
      SUPER_SUB,
      'GET',
      `/api/v1/referred-clients/${await suite.kit.idOf('partner@example.com')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { email: 'partner@example.com', role: { code: 'SUB_ADMIN' } },
      referredBy: { email: SUPER_SUB },
      counts: { customers: 1, stores: 1 },
    });
  });

  it('answers 403 for an own customer who was not referred and for the super admin (nobody manages one)', async () => {
    const ava = await suite.kit.idOf('ava.nguyen@example.com');
    expect((await suite.kit.as(SUPER_SUB, 'GET', `/api/v1/referred-clients/${ava}`)).statusCode).toBe(403);
    const sa = await suite.kit.idOf('superadmin@example.com');
    expect((await suite.kit.as(SUPER_SUB, 'GET', `/api/v1/referred-clients/${sa}`)).statusCode).toBe(403);
  });
});
