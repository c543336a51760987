import type { TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls `/api/v1/<url>` as a demo account, signed in on its first call and its token kept for the next, or
 * anonymously with a null e-mail. `forget()` drops the kept tokens (after the clock moved past their lifetime).
 */
export function signedInCaller(t: TestApp) {
  const tokens = new Map<string, string>();
  async function token(email: string): Promise<string> {
    let known = tokens.get(email);
    if (!known) {
      known = await t.login(email);
      tokens.set(email, known);
    }
    return known;
  }
  async function as(
    email: string | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...(email ? { 'x-access-token': await token(email) } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  return { token, as, forget: () => tokens.clear() };
}
