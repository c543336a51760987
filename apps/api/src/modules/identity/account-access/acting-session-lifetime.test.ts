import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../demo/users';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';

/**
 * An acting session (auths/access-account) is valid only while the impersonator's own
 * session is valid and the impersonator still manages the target. Each case failed before: the acting token
 * kept answering 200.
 */

const suite = suiteApp(adminKit);

const me = (token: string) => suite.kit.call('GET', '/api/v1/auths/me', token);

async function access(token: string, email: string): Promise<string> {
  const res = await suite.kit.call('POST', `/api/v1/auths/access-account/${await suite.kit.idOf(email)}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken as string;
}

describe('acting sessions end with their impersonator', () => {
  it("ends when the impersonator logs out (the impersonator's session is revoked)", async () => {
    const admin = await suite.t.login('superadmin@example.com');
    const acting = await access(admin, 'ava.nguyen@example.com');
    expect((await me(acting)).statusCode).toBe(200);
    expect((await suite.kit.call('POST', '/api/v1/auths/logout', admin)).statusCode).toBe(200);
    expect((await me(acting)).statusCode).toBe(401);
  });

  it('ends when the impersonator changes their password, though their own current session stays', async () => {
    const reseller = await suite.t.login('reseller@example.com');
    const acting = await access(reseller, 'mia.johnson@example.com');
    const change = await suite.kit.call('POST', '/api/v1/auths/update-password', reseller, {
      password: DEMO_PASSWORD,
      newPassword: 'Tq8-river-Lamp-92',
    });
    expect(change.statusCode).toBe(200);
    expect((await me(reseller)).statusCode).toBe(200);
    expect((await me(acting)).statusCode).toBe(401);
  });

  it("ends for a referred sub-admin's customer when the super sub-admin loses isSuperSubAdmin; own customers stay", async () => {
    const sub = await suite.t.login('subadmin@example.com');
    const onReferredCustomer = await access(sub, 'oliver.james@example.com');
    const onOwnCustomer = await access(sub, 'ava.nguyen@example.com');
    const demote = await suite.kit.as(
      'superadmin@example.com',
      'PUT',
      `/api/v1/sub-admins/${await suite.kit.idOf('subadmin@example.com')}`,
      {
        isSuperSubAdmin: false,
      },
    );
    expect(demote.statusCode).toBe(200);
    expect((await me(onReferredCustomer)).statusCode).toBe(401);
    expect((await me(onOwnCustomer)).statusCode).toBe(200);
  });

  it('stays ended when the super sub-admin gets isSuperSubAdmin back', async () => {
    const sub = await suite.t.login('subadmin@example.com');
    const subId = await suite.kit.idOf('subadmin@example.com');
    const flag = (isSuperSubAdmin: boolean) =>
      suite.kit.as('superadmin@example.com', 'PUT', `/api/v1/sub-admins/${subId}`, { isSuperSubAdmin });
    expect((await flag(true)).statusCode).toBe(200);
    const onReferredCustomer = await access(sub, 'oliver.james@example.com');
    const onOwnCustomer = await access(sub, 'ava.nguyen@example.com');
    expect((await me(onReferredCustomer)).statusCode).toBe(200);
    // Cleared and restored without the acting session being used in between.
    expect((await flag(false)).statusCode).toBe(200);
    expect((await flag(true)).statusCode).toBe(200);
    expect((await me(onReferredCustomer)).statusCode).toBe(401);
    expect((await me(onOwnCustomer)).statusCode).toBe(200);
    // Used while the right is gone: refused then, and still refused once the right is back.
    const again = await access(sub, 'oliver.james@example.com');
    expect((await flag(false)).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(401);
    expect((await flag(true)).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(401);
    // A new access after the restore works: only the old sessions are gone.
    expect((await me(await access(sub, 'oliver.james@example.com'))).statusCode).toBe(200);
  });

  it('ends when the impersonator is deactivated', async () => {
    const partner = await suite.t.login('partner@example.com');
    const acting = await access(partner, 'oliver.james@example.com');
    expect((await me(acting)).statusCode).toBe(200);
    const off = await suite.kit.as(
      'superadmin@example.com',
      'PUT',
      `/api/v1/sub-admins/${await suite.kit.idOf('partner@example.com')}`,
      {
        status: 'inactive',
      },
    );
    expect(off.statusCode).toBe(200);
    expect((await me(acting)).statusCode).toBe(401);
  });

  it("keeps the impersonator's session alive while the acting session is in use, and both expire together", async () => {
    const admin = await suite.t.login('superadmin@example.com');
    const acting = await access(admin, 'lucas.martin@example.com');
    const ttlMs = suite.t.config.sessionTtlMinutes * 60_000;
    for (let i = 0; i < 3; i++) {
      suite.t.clock.advance(ttlMs * 0.75);
      expect((await me(acting)).statusCode).toBe(200);
    }
    expect((await me(admin)).statusCode).toBe(200);
    suite.t.clock.advance(ttlMs + 60_000);
    expect((await me(acting)).statusCode).toBe(401);
    expect((await me(admin)).statusCode).toBe(401);
  });
});
