import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Method, signedInCaller } from '../../../test/signed-in';
import { suiteApp } from '../../../test/suite-app';
import { hashToken } from '../../../lib/tokens';
import { auditLog } from '../schema/audit-log';
import { apiKeys } from '../schema/api-keys';
import { users } from '../schema/users';

const USER = 'user@example.com';
const SUB = 'subadmin@example.com';
const SA = 'superadmin@example.com';
const RATE_LIMIT = 20;

let asUser: ReturnType<typeof signedInCaller>['as'];

const suite = suiteApp({ config: { API_KEY_RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
beforeAll(async () => {
  asUser = signedInCaller(suite.t).as;
});

function withKey(key: string, method: Method, url: string, payload?: unknown) {
  return suite.t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function newKey(email: string, scopes: string[], name = 'Integration') {
  const res = await asUser(email, 'POST', 'api-keys', { name, scopes });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; key: string; prefix: string };
}

describe('API key management', () => {
  it('answers the key once, stores only its hash, and lists name, scopes, prefix, created and last used', async () => {
    const res = await asUser(USER, 'POST', 'api-keys', { name: 'Zapier', scopes: ['mail:read', 'mail:read'] });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.key).toMatch(/^pw_live_[\w-]{32}$/);
    expect(created).toMatchObject({ name: 'Zapier', scopes: ['mail:read'], prefix: created.key.slice(0, 14) });
    const [row] = await suite.t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await asUser(USER, 'GET', 'api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const listed = list.json().data.find((k: { id: string }) => k.id === created.id);
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'scopes']);
    expect(listed.lastUsedAt).toBeNull();
    expect((await withKey(created.key, 'GET', 'mail-items')).statusCode).toBe(200);
    const used = (await asUser(USER, 'GET', 'api-keys')).json().data.find((k: { id: string }) => k.id === created.id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('refuses the anonymous (401), the super admin (403) and bad input (422)', async () => {
    expect((await asUser(null, 'GET', 'api-keys')).statusCode).toBe(401);
    expect((await asUser(null, 'POST', 'api-keys', { name: 'x', scopes: ['mail:read'] })).statusCode).toBe(401);
    expect((await asUser(SA, 'GET', 'api-keys')).statusCode).toBe(403);
    expect((await asUser(SA, 'POST', 'api-keys', { name: 'x', scopes: ['mail:read'] })).statusCode).toBe(403);
    const empty = await asUser(USER, 'POST', 'api-keys', { name: ' ', scopes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ name: 'Name is required', scopes: 'Choose at least one scope' });
    const unknown = await asUser(USER, 'POST', 'api-keys', { name: 'x', scopes: ['admin:all'] });
    expect(unknown.statusCode).toBe(422);
    expect((await asUser(USER, 'DELETE', 'api-keys/not-a-uuid')).statusCode).toBe(422);
  });

  it('revokes at once; another account’s key is not found', async () => {
    const key = await newKey(USER, ['mail:read']);
    expect((await withKey(key.key, 'GET', 'mail-items')).statusCode).toBe(200);
    expect((await asUser(SUB, 'DELETE', `api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await asUser(USER, 'DELETE', `api-keys/${key.id}`)).statusCode).toBe(200);
    const after = await withKey(key.key, 'GET', 'mail-items');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ isSuccess: false, code: 'UNAUTHORIZED' });
    expect((await asUser(USER, 'GET', 'api-keys')).json().data.map((k: { id: string }) => k.id)).not.toContain(key.id);
    expect((await asUser(USER, 'DELETE', `api-keys/${key.id}`)).statusCode).toBe(404);
  });

  it('is not created during account access', async () => {
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, USER));
    const access = await asUser(SA, 'POST', `auths/access-account/${user!.id}`);
    expect(access.statusCode).toBe(200);
    const acting = access.json().data.accessToken as string;
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { 'x-access-token': acting },
      payload: { name: 'Left behind', scopes: ['mail:read'] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('calls made with an API key', () => {
  it('act as the owner, with only the key’s scopes', async () => {
    const key = await newKey(USER, ['mail:read']);
    const session = await asUser(USER, 'GET', 'mail-items');
    const viaKey = await withKey(key.key, 'GET', 'mail-items');
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json().total).toBe(session.json().total);
    const item = viaKey.json().items[0] as { id: string };
    expect((await withKey(key.key, 'GET', `mail-items/${item.id}`)).statusCode).toBe(200);
    // Writing mail needs mail:write; shipments and invoices need their own scopes.
    const write = await withKey(key.key, 'POST', `mail-items/${item.id}/archive`);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe("This API key's scopes do not allow this call.");
    expect((await withKey(key.key, 'GET', 'shipments')).statusCode).toBe(403);
    expect((await withKey(key.key, 'GET', 'invoices')).statusCode).toBe(403);

    const wider = await newKey(USER, ['mail:write', 'shipments:read', 'invoices:read']);
    expect((await withKey(wider.key, 'POST', `mail-items/${item.id}/archive`)).statusCode).toBe(200);
    expect((await withKey(wider.key, 'POST', `mail-items/${item.id}/restore`)).statusCode).toBe(200);
    expect((await withKey(wider.key, 'GET', 'shipments')).statusCode).toBe(200);
    expect((await withKey(wider.key, 'GET', 'invoices')).statusCode).toBe(200);
    // mail:write does not read.
    expect((await withKey(wider.key, 'GET', 'mail-items')).statusCode).toBe(403);
  });

  it('never reach administration, account access, configuration, API keys, webhooks or the session', async () => {
    const key = await newKey(SUB, ['mail:read', 'mail:write', 'shipments:read', 'shipments:write', 'invoices:read']);
    const [customer] = await suite.t.database.db.select().from(users).where(eq(users.email, 'ava.nguyen@example.com'));
    const closed: [Method, string, unknown?][] = [
      ['GET', 'customers'],
      ['POST', 'customers', {}],
      ['GET', `accounts/${customer!.id}/activity`],
      ['POST', `auths/access-account/${customer!.id}`],
      ['GET', 'stores'],
      ['POST', 'users/check-password', { password: 'x' }],
      ['GET', 'api-keys'],
      ['POST', 'api-keys', { name: 'more', scopes: ['mail:read'] }],
      ['GET', 'webhook-endpoints'],
      ['GET', 'auths/me'],
      ['POST', 'auths/logout'],
      ['GET', 'jobs'],
      ['GET', 'audit-logs'],
    ];
    for (const [method, url, body] of closed) {
      const res = await withKey(key.key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The same key does reach what its scopes name for its owner (the sub-admin's mailboxes).
    expect((await withKey(key.key, 'GET', 'mailboxes')).statusCode).toBe(200);
  });

  it('are each in the audit log, one row per key, endpoint and minute', async () => {
    const key = await newKey(USER, ['mail:read']);
    await withKey(key.key, 'GET', 'mail-items');
    await withKey(key.key, 'GET', 'mail-items?pageNo=2');
    await withKey(key.key, 'GET', 'shipments');
    const uses = () =>
      suite.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'api_key.use'), eq(auditLog.targetId, key.id)));
    // Written once the answer is out (onResponse), so the last one may land a moment after.
    await expect.poll(async () => (await uses()).length).toBe(2);
    const rows = await uses();
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, USER));
    expect(rows.map((r) => r.details).sort((a, b) => String(a?.route).localeCompare(String(b?.route)))).toEqual([
      { prefix: key.prefix, method: 'GET', route: '/api/v1/mail-items', status: 200 },
      { prefix: key.prefix, method: 'GET', route: '/api/v1/shipments', status: 403 },
    ]);
    expect(rows.every((r) => r.actorUserId === user!.id && r.targetType === 'api_key')).toBe(true);
    const made = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.targetId, key.id)));
    expect(made).toHaveLength(1);
  });

  it(`are limited per key (${RATE_LIMIT} a minute here), each key on its own`, async () => {
    const busy = await newKey(USER, ['mail:read']);
    const quiet = await newKey(USER, ['mail:read']);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await withKey(busy.key, 'GET', 'mail-items')).statusCode).toBe(200);
    const limited = await withKey(busy.key, 'GET', 'mail-items');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(quiet.key, 'GET', 'mail-items')).statusCode).toBe(200);
  });

  it('answer 401 for a key that does not exist', async () => {
    const res = await withKey('pw_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'GET', 'mail-items');
    expect(res.statusCode).toBe(401);
  });
});
