import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../demo/users';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { CONFIGURATION_UNLOCK_MINUTES } from './check-password';

/**
 * The Configuration lock of a password-protected sub-admin holds on the server. Before, every
 * configuration endpoint answered 200 without users/check-password.
 */

const suite = suiteApp(adminKit);

const LOCKED = {
  isSuccess: false,
  code: 'CONFIGURATION_LOCKED',
  message: 'Unlock the Configuration tab with your password first.',
};
const CONFIG_CALLS = [
  ['GET', '/api/v1/settings/account'],
  ['GET', '/api/v1/settings/profile'],
  ['GET', '/api/v1/settings/policy-and-terms'],
  ['GET', '/api/v1/stores'],
] as const;

const settings = (token: string) => suite.kit.call('GET', '/api/v1/settings/account', token);
const unlock = (token: string, password: string) =>
  suite.kit.call('POST', '/api/v1/users/check-password', token, { password });

describe('server-side Configuration unlock', () => {
  it('a protected sub-admin gets 403 CONFIGURATION_LOCKED from every configuration call until the right password', async () => {
    const token = await suite.t.login('reseller@example.com');
    for (const [method, url] of CONFIG_CALLS) {
      const res = await suite.kit.call(method, url, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(LOCKED);
    }
    expect((await unlock(token, 'not-the-password')).json().data).toEqual({ isUnlocked: false });
    expect((await settings(token)).statusCode).toBe(403);
    expect((await unlock(token, DEMO_PASSWORD)).json().data).toEqual({ isUnlocked: true });
    for (const [method, url] of CONFIG_CALLS) expect((await suite.kit.call(method, url, token)).statusCode).toBe(200);
  });

  it('the unlock belongs to one session and times out', async () => {
    const first = await suite.t.login('reseller@example.com');
    const second = await suite.t.login('reseller@example.com');
    await unlock(first, DEMO_PASSWORD);
    expect((await settings(first)).statusCode).toBe(200);
    expect((await settings(second)).statusCode).toBe(403);
    suite.t.clock.advance(CONFIGURATION_UNLOCK_MINUTES * 60_000 + 1000);
    expect((await settings(first)).json()).toEqual(LOCKED);
  });

  it('Exit of account access locks the tab again for the account the admin returns to', async () => {
    const reseller = await suite.t.login('reseller@example.com');
    await unlock(reseller, DEMO_PASSWORD);
    const access = await suite.kit.call(
      'POST',
      `/api/v1/auths/access-account/${await suite.kit.idOf('mia.johnson@example.com')}`,
      reseller,
    );
    const acting = access.json().data.accessToken as string;
    expect((await suite.kit.call('POST', '/api/v1/auths/revert', acting)).statusCode).toBe(200);
    expect((await settings(reseller)).json()).toEqual(LOCKED);
  });

  it('an admin acting as a protected sub-admin unlocks with their own password, for that acting session only', async () => {
    const admin = await suite.t.login('superadmin@example.com');
    const access = await suite.kit.call(
      'POST',
      `/api/v1/auths/access-account/${await suite.kit.idOf('reseller@example.com')}`,
      admin,
    );
    const acting = access.json().data.accessToken as string;
    expect((await settings(acting)).statusCode).toBe(403);
    expect((await unlock(acting, DEMO_PASSWORD)).json().data).toEqual({ isUnlocked: true });
    expect((await settings(acting)).statusCode).toBe(200);
  });

  it('a sub-admin without protection needs no unlock; turning protection on keeps the current session open only', async () => {
    const sub = await suite.t.login('subadmin@example.com');
    expect((await settings(sub)).statusCode).toBe(200);
    const on = await suite.kit.call('PUT', '/api/v1/settings/account', sub, { isPasswordProtected: true });
    expect(on.statusCode).toBe(200);
    expect((await settings(sub)).statusCode).toBe(200);
    expect((await settings(await suite.t.login('subadmin@example.com'))).json()).toEqual(LOCKED);
  });
});
