import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../schema/audit-log';
import { sessions } from '../schema/sessions';
import { hashToken } from '../../../lib/tokens';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { ACCESS_MESSAGES } from './access-account';

const suite = suiteApp(adminKit);

const access = (userId: string, token: string | null) =>
  suite.kit.call('POST', `/api/v1/auths/access-account/${userId}`, token);

async function accessAs(email: string, targetEmail: string, token?: string) {
  const res = await access(await suite.kit.idOf(targetEmail), token ?? (await suite.kit.token(email)));
  return res;
}

describe('POST /api/v1/auths/access-account/:userId', () => {
  it('gives the super admin a session for a sub-admin that records who acts', async () => {
    const res = await accessAs('superadmin@example.com', 'subadmin@example.com');
    expect(res.statusCode).toBe(200);
    const { accessToken, user } = res.json().data;
    expect(user).toMatchObject({ email: 'subadmin@example.com', role: { code: 'SUB_ADMIN' } });
    const me = await suite.kit.call('GET', '/api/v1/auths/me', accessToken);
    expect(me.json().data.email).toBe('subadmin@example.com');
    const [session] = await suite.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(accessToken)));
    expect(session?.impersonatorUserId).toBe(await suite.kit.idOf('superadmin@example.com'));
    expect(session?.userId).toBe(await suite.kit.idOf('subadmin@example.com'));
  });

  it.each([
    ['reseller@example.com', 'mia.johnson@example.com', 'own customer'],
    ['subadmin@example.com', 'ava.nguyen@example.com', 'own customer'],
    ['subadmin@example.com', 'partner@example.com', 'referred sub-admin'],
    ['subadmin@example.com', 'lucas.martin@example.com', 'referred customer'],
    ['subadmin@example.com', 'oliver.james@example.com', "referred sub-admin's customer"],
    ['superadmin@example.com', 'user@example.com', 'any customer'],
  ])('lets %s access %s (%s)', async (actor, target) => {
    const res = await accessAs(actor, target);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(target);
  });

  it.each([
    ['reseller@example.com', 'ava.nguyen@example.com', "another sub-admin's customer"],
    ['reseller@example.com', 'partner@example.com', 'a sub-admin'],
    ['reseller@example.com', 'subadmin@example.com', 'a sub-admin'],
    ['subadmin@example.com', 'mia.johnson@example.com', "another sub-admin's customer"],
    ['subadmin@example.com', 'reseller@example.com', 'a sub-admin not referred by them'],
    ['partner@example.com', 'ava.nguyen@example.com', "their referrer's customer"],
  ])('refuses %s accessing %s (%s) with 403', async (actor, target) => {
    const res = await accessAs(actor, target);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'FORBIDDEN' });
  });

  it('never lets anyone act as a super admin', async () => {
    for (const actor of ['subadmin@example.com', 'reseller@example.com']) {
      const res = await accessAs(actor, 'superadmin@example.com');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_MESSAGES.superAdmin);
    }
    // Not even from inside an account the super admin accessed.
    const inner = (await accessAs('superadmin@example.com', 'subadmin@example.com')).json().data.accessToken;
    const res = await access(await suite.kit.idOf('superadmin@example.com'), inner);
    expect(res.statusCode).toBe(403);
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const target = await suite.kit.idOf('ava.nguyen@example.com');
    expect((await access(target, await suite.kit.token('user@example.com'))).statusCode).toBe(403);
    const anonymous = await access(target, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 422 for a malformed id, 404 for an unknown one, 409 for oneself and for an inactive account', async () => {
    const token = await suite.kit.token('superadmin@example.com');
    const bad = await access('not-a-uuid', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('User id is invalid.');
    expect((await access('7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f', token)).statusCode).toBe(404);
    const self = await accessAs('reseller@example.com', 'reseller@example.com');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ACCESS_MESSAGES.self);
    const inactive = await accessAs('reseller@example.com', 'noah.wilson@example.com');
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(ACCESS_MESSAGES.inactive);
  });
});

describe('nested access (a stack) never reaches beyond the original actor', () => {
  it('lets the super admin go sub-admin → their customer, recording the super admin as the actor', async () => {
    const asSub = (await accessAs('superadmin@example.com', 'subadmin@example.com')).json().data.accessToken;
    const res = await access(await suite.kit.idOf('ava.nguyen@example.com'), asSub);
    expect(res.statusCode).toBe(200);
    const [session] = await suite.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(res.json().data.accessToken)));
    expect(session?.impersonatorUserId).toBe(await suite.kit.idOf('superadmin@example.com'));
  });

  it('keeps the accessed account to its own rights: a plain sub-admin reached by the super admin cannot reach other tenants', async () => {
    const asReseller = (await accessAs('superadmin@example.com', 'reseller@example.com')).json().data.accessToken;
    expect((await access(await suite.kit.idOf('ava.nguyen@example.com'), asReseller)).statusCode).toBe(403);
    expect((await suite.kit.call('GET', '/api/v1/sub-admins', asReseller)).statusCode).toBe(403);
    expect((await suite.kit.call('GET', '/api/v1/audit-logs', asReseller)).statusCode).toBe(403);
  });

  it('keeps a referred sub-admin reached by the super sub-admin within both: no referred clients, no other tenants', async () => {
    const asPartner = (await accessAs('subadmin@example.com', 'partner@example.com')).json().data.accessToken;
    expect((await suite.kit.call('GET', '/api/v1/referred-clients', asPartner)).statusCode).toBe(403);
    expect((await access(await suite.kit.idOf('ava.nguyen@example.com'), asPartner)).statusCode).toBe(403);
    const own = await access(await suite.kit.idOf('oliver.james@example.com'), asPartner);
    expect(own.statusCode).toBe(200);
    // From a customer account nobody can access anything.
    const asOliver = own.json().data.accessToken;
    expect((await access(await suite.kit.idOf('ava.nguyen@example.com'), asOliver)).statusCode).toBe(403);
  });

  it('refuses an account the current one manages when the original actor does not', async () => {
    // partner manages oliver, and subadmin (the original actor) does too; reseller's customer is out of both.
    const asPartner = (await accessAs('subadmin@example.com', 'partner@example.com')).json().data.accessToken;
    expect((await access(await suite.kit.idOf('mia.johnson@example.com'), asPartner)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/auths/revert', () => {
  it('ends the access session and leaves the admin session working', async () => {
    const adminToken = await suite.kit.token('superadmin@example.com');
    const inner = (await accessAs('superadmin@example.com', 'mailbox@example.com')).json().data.accessToken;
    const res = await suite.kit.call('POST', '/api/v1/auths/revert', inner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: null });
    expect((await suite.kit.call('GET', '/api/v1/auths/me', inner)).statusCode).toBe(401);
    expect((await suite.kit.call('GET', '/api/v1/auths/me', adminToken)).statusCode).toBe(200);
  });

  it('answers 409 for a session that is not accessing another account, 401 without one', async () => {
    const res = await suite.kit.call('POST', '/api/v1/auths/revert', await suite.kit.token('reseller@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCESS_MESSAGES.notImpersonating);
    expect((await suite.kit.call('POST', '/api/v1/auths/revert', null)).statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('attributes every write made while acting: who, as whom, what, when', async () => {
    const subadmin = await suite.kit.idOf('subadmin@example.com');
    const partner = await suite.kit.idOf('partner@example.com');
    const asPartner = (await accessAs('subadmin@example.com', 'partner@example.com')).json().data.accessToken;
    // A write through a route that writes no audit row of its own (the catch-all hook records it)...
    const logout = await suite.kit.call('POST', '/api/v1/auths/logout', asPartner);
    expect(logout.statusCode).toBe(200);
    const rows = await suite.t.database.db.select().from(auditLog).where(eq(auditLog.actingAsUserId, partner));
    const actions = rows.map((r) => ({ action: r.action, actor: r.actorUserId, details: r.details }));
    expect(actions).toContainEqual({
      action: 'POST /api/v1/auths/logout',
      actor: subadmin,
      details: { statusCode: 200, params: {} },
    });
    // ...and the access itself.
    const access = await suite.t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.access'));
    expect(access.some((r) => r.actorUserId === subadmin && r.targetId === partner)).toBe(true);
  });

  it('writes no audit row for reads while acting', async () => {
    const mia = await suite.kit.idOf('mia.johnson@example.com');
    const asMia = (await accessAs('reseller@example.com', 'mia.johnson@example.com')).json().data.accessToken;
    const before = await suite.t.database.db.$count(auditLog, eq(auditLog.actingAsUserId, mia));
    await suite.kit.call('GET', '/api/v1/auths/me', asMia);
    expect(await suite.t.database.db.$count(auditLog, eq(auditLog.actingAsUserId, mia))).toBe(before);
  });

  it('GET /api/v1/audit-logs: the super admin reads it newest first, filtered by user; others are refused', async () => {
    const partner = await suite.kit.idOf('partner@example.com');
    const res = await suite.kit.as('superadmin@example.com', 'GET', `/api/v1/audit-logs?userId=${partner}&pageSize=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 5 });
    expect(body.total).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({ actor: { email: expect.any(String) }, createdAt: expect.any(String) });
    const times = body.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Filtered by action too (with and without the user): only that action, a subset of the whole log.
    const action = body.items[0].action as string;
    for (const query of [
      `action=${encodeURIComponent(action)}`,
      `userId=${partner}&action=${encodeURIComponent(action)}`,
    ]) {
      const filtered = (
        await suite.kit.as('superadmin@example.com', 'GET', `/api/v1/audit-logs?${query}&pageSize=100`)
      ).json();
      expect(filtered.total, query).toBeGreaterThan(0);
      expect(
        filtered.items.every((i: { action: string }) => i.action === action),
        query,
      ).toBe(true);
    }
    expect((await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/audit-logs')).statusCode).toBe(403);
    expect((await suite.kit.as(null, 'GET', '/api/v1/audit-logs')).statusCode).toBe(401);
    expect((await suite.kit.as('superadmin@example.com', 'GET', '/api/v1/audit-logs?userId=nope')).statusCode).toBe(
      422,
    );
  });
});
