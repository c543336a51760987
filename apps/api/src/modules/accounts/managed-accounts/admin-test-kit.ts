import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../../demo/users';
import type { TestApp } from '../../../test/test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Test helpers for the administration modules: sign in once per e-mail, call with the token, read ids. */
export function adminKit(t: TestApp) {
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();

  async function token(email: string): Promise<string> {
    const known = tokens.get(email);
    if (known) return known;
    const fresh = await t.login(email);
    tokens.set(email, fresh);
    return fresh;
  }

  function call(
    method: Method,
    url: string,
    accessToken?: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: accessToken ? { 'x-access-Token': accessToken } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function as(email: string | null, method: Method, url: string, payload?: unknown) {
    return call(method, url, email ? await token(email) : null, payload);
  }

  /** The id of a demo account, read through the super admin's view so tests never touch tables directly. */
  async function idOf(email: string): Promise<string> {
    const known = ids.get(email);
    if (known) return known;
    const superToken = await token('superadmin@example.com');
    for (const list of ['customers', 'sub-admins']) {
      const res = await call('GET', `/api/v1/${list}?search=${encodeURIComponent(email)}&pageSize=100`, superToken);
      const found = (res.json().items as { id: string; email: string }[] | undefined)?.find((i) => i.email === email);
      if (found) {
        ids.set(email, found.id);
        return found.id;
      }
    }
    const me = await call('GET', '/api/v1/auths/me', await token(email));
    const id = me.json().data?.id as string | undefined;
    if (!id) throw new Error(`No id for ${email}`);
    ids.set(email, id);
    return id;
  }

  /** Unlocks the password-protected Configuration tab for the e-mail's session (POST users/check-password). */
  async function unlock(email: string): Promise<void> {
    const res = await call('POST', '/api/v1/users/check-password', await token(email), { password: DEMO_PASSWORD });
    if (res.statusCode !== 200 || !res.json().data.isUnlocked) throw new Error(`unlock ${email} failed: ${res.body}`);
  }

  return { token, call, as, idOf, unlock, forget: (email: string) => tokens.delete(email) };
}
