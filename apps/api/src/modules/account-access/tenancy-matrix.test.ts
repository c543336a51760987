import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminKit, type Method } from '../managed-users/admin-test-kit';

/**
 * Issue 6, part 2: every administration endpoint, called as each demo role and anonymously, answers 401
 * (anonymous), 403 (not allowed) or data the caller may see — nothing else.
 */

const ROLES = [
  null,
  'superadmin@example.com',
  'subadmin@example.com',
  'reseller@example.com',
  'partner@example.com',
  'user@example.com',
  'mailbox@example.com',
] as const;
type Caller = (typeof ROLES)[number];
type Ids = Record<string, string>;

const SA = 'superadmin@example.com';
const SUPER_SUB = 'subadmin@example.com';
const SUBS = ['subadmin@example.com', 'reseller@example.com', 'partner@example.com'];
const ADMINS = [SA, ...SUBS];

interface Item {
  id?: string;
  userId?: string;
  parentUser?: { id: string } | null;
  referredBy?: { id: string } | null;
  owner?: { id: string };
  role?: string;
}

interface Endpoint {
  method: Method;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  allowed: readonly string[];
  /** For a list the caller may read: every item must be theirs to see. */
  items?: (item: Item, caller: string, ids: Ids) => boolean;
}

const mine = (caller: string, ids: Ids) => ids[caller] as string;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET customers': {
    method: 'GET',
    path: () => '/api/v1/customers?pageSize=100',
    allowed: ADMINS,
    items: (i, caller, ids) => i.role === 'USER' && (caller === SA || i.parentUser?.id === mine(caller, ids)),
  },
  'POST customers (invalid body)': {
    method: 'POST',
    path: () => '/api/v1/customers',
    body: () => ({}),
    allowed: ADMINS,
  },
  'GET customer': { method: 'GET', path: (ids) => `/api/v1/customers/${ids.ava}`, allowed: [SA, SUPER_SUB] },
  'PUT customer': {
    method: 'PUT',
    path: (ids) => `/api/v1/customers/${ids.ava}`,
    body: () => ({ phone: '2135550151' }),
    allowed: [SA, SUPER_SUB],
  },
  'GET customer activity': {
    method: 'GET',
    path: (ids) => `/api/v1/users/${ids.ava}/activity`,
    allowed: [SA, SUPER_SUB],
  },
  'GET customer subscription': {
    method: 'GET',
    path: (ids) => `/api/v1/users/${ids.ava}/subscription`,
    allowed: [SA, SUPER_SUB],
  },
  'GET sub-admins': {
    method: 'GET',
    path: () => '/api/v1/sub-admins?pageSize=100',
    allowed: [SA],
    items: (i) => i.role === 'SUB_ADMIN',
  },
  'POST sub-admins (invalid body)': {
    method: 'POST',
    path: () => '/api/v1/sub-admins',
    body: () => ({}),
    allowed: [SA],
  },
  'GET sub-admin': { method: 'GET', path: (ids) => `/api/v1/sub-admins/${ids[SUPER_SUB]}`, allowed: [SA] },
  'PUT sub-admin': {
    method: 'PUT',
    path: (ids) => `/api/v1/sub-admins/${ids['reseller@example.com']}`,
    body: () => ({ phone: '3235550119' }),
    allowed: [SA],
  },
  'GET referred clients': {
    method: 'GET',
    path: () => '/api/v1/referred-clients?pageSize=100',
    allowed: [SUPER_SUB],
    items: (i, caller, ids) => i.referredBy?.id === mine(caller, ids),
  },
  'GET referred client': {
    method: 'GET',
    path: (ids) => `/api/v1/referred-clients/${ids.partner}`,
    allowed: [SUPER_SUB],
  },
  'POST access-account': {
    method: 'POST',
    path: (ids) => `/api/v1/auths/access-account/${ids.ava}`,
    allowed: [SA, SUPER_SUB],
  },
  'GET audit-logs': { method: 'GET', path: () => '/api/v1/audit-logs', allowed: [SA] },
  'GET stores': {
    method: 'GET',
    path: () => '/api/v1/stores?pageSize=100',
    allowed: ADMINS,
    items: (i, caller, ids) => caller === SA || i.owner?.id === mine(caller, ids),
  },
  'POST stores (invalid body)': { method: 'POST', path: () => '/api/v1/stores', body: () => ({}), allowed: ADMINS },
  'GET store': { method: 'GET', path: (ids) => `/api/v1/stores/${ids.downtown}`, allowed: [SA, SUPER_SUB] },
  'PUT store (invalid body)': {
    method: 'PUT',
    path: (ids) => `/api/v1/stores/${ids.downtown}`,
    body: () => ({}),
    allowed: [SA, SUPER_SUB],
  },
  'DELETE store': { method: 'DELETE', path: (ids) => `/api/v1/stores/${ids.downtown}`, allowed: [SA, SUPER_SUB] },
  'GET encrypted (reseller)': {
    method: 'GET',
    path: (ids) => `/api/v1/users/encrypted/${ids['reseller@example.com']}`,
    allowed: [SA, 'reseller@example.com'],
  },
  'POST check-password (empty)': {
    method: 'POST',
    path: () => '/api/v1/users/check-password',
    body: () => ({ password: '' }),
    allowed: SUBS,
  },
  'GET settings/account': { method: 'GET', path: () => '/api/v1/settings/account', allowed: SUBS },
  'PUT settings/account (invalid body)': {
    method: 'PUT',
    path: () => '/api/v1/settings/account',
    body: () => ({}),
    allowed: SUBS,
  },
  'DELETE settings/logos/light': { method: 'DELETE', path: () => '/api/v1/settings/logos/light', allowed: SUBS },
  'GET settings/profile': { method: 'GET', path: () => '/api/v1/settings/profile', allowed: SUBS },
  'GET settings/policy-and-terms': { method: 'GET', path: () => '/api/v1/settings/policy-and-terms', allowed: SUBS },
  'PUT settings/policy-and-terms (invalid body)': {
    method: 'PUT',
    path: () => '/api/v1/settings/policy-and-terms',
    body: () => ({}),
    allowed: SUBS,
  },
  'GET applications': {
    method: 'GET',
    path: () => '/api/v1/applications?pageSize=100',
    allowed: ADMINS,
    items: (i, caller, ids) => caller === SA || i.parentUser?.id === mine(caller, ids),
  },
  'GET application': { method: 'GET', path: (ids) => `/api/v1/applications/${ids.emma}`, allowed: [SA, SUPER_SUB] },
  'POST application reject (invalid body)': {
    method: 'POST',
    path: (ids) => `/api/v1/applications/${ids.emma}/reject`,
    body: () => ({}),
    allowed: [SA, SUPER_SUB],
  },
  'GET faqs/admin': { method: 'GET', path: () => '/api/v1/faqs/admin', allowed: [SA] },
  'POST faqs (invalid body)': { method: 'POST', path: () => '/api/v1/faqs', body: () => ({}), allowed: [SA] },
  'DELETE faq (unknown)': {
    method: 'DELETE',
    path: () => '/api/v1/faqs/7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f',
    allowed: [SA],
  },
};

let t: TestApp;
let kit: ReturnType<typeof adminKit>;
const ids: Ids = {};

beforeAll(async () => {
  t = await createTestApp();
  kit = adminKit(t);
  for (const email of ROLES) if (email) ids[email] = await kit.idOf(email);
  ids.ava = await kit.idOf('ava.nguyen@example.com');
  ids.emma = await kit.idOf('emma.rodriguez@example.com');
  ids.partner = ids['partner@example.com'] as string;
  const stores = (await kit.as(SUPER_SUB, 'GET', '/api/v1/stores')).json().items as { id: string; name: string }[];
  ids.downtown = stores.find((s) => s.name === 'Downtown LA')?.id as string;
});

afterAll(async () => {
  await t.close();
});

describe('administration tenancy matrix', () => {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    for (const caller of ROLES) {
      const label = caller ?? 'anonymous';
      const allowed = caller !== null && endpoint.allowed.includes(caller);
      it(`${name} as ${label}: ${caller === null ? '401' : allowed ? 'allowed' : '403'}`, async () => {
        const res = await kit.as(caller as Caller, endpoint.method, endpoint.path(ids), endpoint.body?.(ids));
        if (caller === null) {
          expect(res.statusCode).toBe(401);
          return;
        }
        if (!allowed) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ isSuccess: false, code: 'FORBIDDEN' });
          return;
        }
        // Allowed: never 401/403; a read answers data, and every listed item is the caller's to see.
        expect([401, 403]).not.toContain(res.statusCode);
        if (endpoint.method === 'GET') {
          expect(res.statusCode).toBe(200);
          const body = res.json();
          expect(body.isSuccess).toBe(true);
          if (endpoint.items) {
            const items = body.items as Item[];
            expect(items.every((i) => endpoint.items?.(i, caller, ids))).toBe(true);
          }
        }
      });
    }
  }
});
