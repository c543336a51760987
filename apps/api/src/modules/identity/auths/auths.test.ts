import { ERROR_CODES, type LoginResult, type User } from '@postwise/shared/api-types';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../schema/sessions';
import { users } from '../schema/users';
import { hashToken } from '../../../lib/tokens';
import { MemoryCounterStore } from '../../../lib/counter-store';
import { suiteApp } from '../../../test/suite-app';
import { createTestApp } from '../../../test/test-app';
import { SLIDE_INTERVAL_MS } from './sessions';

const LOGIN = '/api/v1/auths/login';
const ME = '/api/v1/auths/me';
const LOGOUT = '/api/v1/auths/logout';

const suite = suiteApp();

function login(payload: unknown, remoteAddress = '127.0.0.1') {
  return suite.t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress });
}

function me(token?: string, header = 'x-access-Token') {
  return suite.t.app.inject({ method: 'GET', url: ME, headers: token === undefined ? {} : { [header]: token } });
}

describe('POST /api/v1/auths/login', () => {
  it('signs in a demo user and answers the access token with the spec 3 user', async () => {
    const res = await login({ email: 'user@example.com', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { isSuccess: true; data: LoginResult };
    expect(body.isSuccess).toBe(true);
    expect(body.data.accessToken).toMatch(/^[\w-]{43}$/);

    const user: User = body.data.user;
    expect(user).toMatchObject({
      email: 'user@example.com',
      role: { code: 'USER' },
      accountType: 'both',
      parentUser: { role: { code: 'SUPER_ADMIN' } },
      isSuperSubAdmin: false,
      tier: null,
      status: 'active',
      personal: { firstName: 'Daniel', lastName: 'Thompson', fullName: 'Daniel A Thompson', city: 'Los Angeles' },
      configuration: { lightLogo: null, darkLogo: null, isPasswordProtected: false },
      additionalInfo: { currentStep: null },
      mailboxType: 'personal',
      business: null,
      authorizedIndividual: null,
      isCourtProtected: false,
      signature: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.profile).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');
    expect(res.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await login({ email: '  SuperAdmin@Example.com ', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ role: { code: 'SUPER_ADMIN' }, parentUser: null, profile: null });
  });

  it('answers an admin without a profile and with the isSuperSubAdmin flag', async () => {
    const res = await login({ email: 'subadmin@example.com', password: 'Demo1234!' });
    expect(res.json().data.user).toMatchObject({ role: { code: 'SUB_ADMIN' }, isSuperSubAdmin: true, profile: null });
  });

  it.each([
    [{}, 'Email is required.', { email: 'Email is required.', password: 'Password is required' }],
    [{ email: '', password: 'x' }, 'Email is required.', { email: 'Email is required.' }],
    [{ email: 'not-an-email', password: 'x' }, 'Email is invalid.', { email: 'Email is invalid.' }],
    [{ email: 'user@example.com', password: '' }, 'Password is required', { password: 'Password is required' }],
  ])('rejects %j with 422 and the spec 5 message', async (payload, message, errors) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ isSuccess: false, message, code: ERROR_CODES.VALIDATION, errors });
  });

  it('rejects a request without a body with 422', async () => {
    const res = await suite.t.app.inject({ method: 'POST', url: LOGIN });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 'VALIDATION_ERROR',
      message: 'Request body is required.',
    });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login({ email: 'nobody@example.com', password: 'Demo1234!' }, '10.0.0.1');
    const wrong = await login({ email: 'shipper@example.com', password: 'wrong-password' }, '10.0.0.1');
    const expected = { isSuccess: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(wrong.json()).toEqual(expected);
  });

  it('answers 403 ACCOUNT_INACTIVE for an inactive account with the right password only', async () => {
    await suite.t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'reseller@example.com'));
    try {
      const wrong = await login({ email: 'reseller@example.com', password: 'nope' }, '10.0.0.2');
      expect(wrong.statusCode).toBe(401);
      const right = await login({ email: 'reseller@example.com', password: 'Demo1234!' }, '10.0.0.2');
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({ isSuccess: false, code: 'ACCOUNT_INACTIVE' });
    } finally {
      await suite.t.database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'reseller@example.com'));
    }
  });

  it('holds off the guessing client with 429, even with the right password, while the owner signs in elsewhere', async () => {
    const guesser = '10.0.1.1';
    for (let i = 0; i < suite.t.config.login.maxFailuresPerAccountIp; i++) {
      expect((await login({ email: 'mailbox@example.com', password: `wrong-${i}` }, guesser)).statusCode).toBe(401);
    }
    const blocked = await login({ email: 'mailbox@example.com', password: 'Demo1234!' }, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      isSuccess: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The account is not locked; its owner's own client still gets in.
    expect((await login({ email: 'mailbox@example.com', password: 'Demo1234!' }, '10.0.1.2')).statusCode).toBe(200);
  });

  it('never locks an account out when many clients guess it', async () => {
    for (let client = 0; client < 3; client++) {
      for (let i = 0; i < suite.t.config.login.maxFailuresPerAccountIp; i++) {
        await login({ email: 'shipper@example.com', password: `guess-${client}-${i}` }, `10.0.4.${client + 1}`);
      }
    }
    expect((await login({ email: 'shipper@example.com', password: 'Demo1234!' }, '10.0.4.200')).statusCode).toBe(200);
  });

  it('resets the pair counter after a successful sign-in', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < suite.t.config.login.maxFailuresPerAccountIp - 1; i++) {
      await login({ email: 'subadmin@example.com', password: 'wrong' }, ip);
    }
    expect((await login({ email: 'subadmin@example.com', password: 'Demo1234!' }, ip)).statusCode).toBe(200);
    for (let i = 0; i < suite.t.config.login.maxFailuresPerAccountIp - 1; i++) {
      expect((await login({ email: 'subadmin@example.com', password: 'wrong' }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: 'subadmin@example.com', password: 'Demo1234!' }, ip)).statusCode).toBe(200);
  });

  // Builds a second app inside the test: a longer time limit for a busy machine.
  it('rate-limits one IP trying many e-mails', async () => {
    const limited = await createTestApp({ config: { LOGIN_MAX_FAILURES_PER_IP: 3 } });
    try {
      const attempt = (email: string, password: string, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress });
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await attempt(email, 'guess', '10.9.9.9')).statusCode).toBe(401);
      }
      expect((await attempt('user@example.com', 'Demo1234!', '10.9.9.9')).statusCode).toBe(429);
      expect((await attempt('user@example.com', 'Demo1234!', '10.9.9.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('stores only the sha256 of the token, with the client ip and user agent', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'user@example.com', password: 'Demo1234!' },
      headers: { 'user-agent': 'vitest-agent' },
      remoteAddress: '10.3.3.3',
    });
    const token = res.json().data.accessToken as string;
    const rows = await suite.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scope: 'full', ip: '10.3.3.3', userAgent: 'vitest-agent', revokedAt: null });
    const stored = JSON.stringify(await suite.t.database.db.select().from(sessions));
    expect(stored).not.toContain(token);
  });
});

describe('sign-in back-off', () => {
  let now = Date.now();
  const throttled = suiteApp({
    config: { LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: 2, LOGIN_FAILURE_WINDOW_MINUTES: 15 },
    counters: new MemoryCounterStore(() => now),
  });

  it('doubles the hold each time the same client reaches the limit again', async () => {
    const attempt = (password: string) =>
      throttled.t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: 'user@example.com', password },
        remoteAddress: '10.7.7.7',
      });
    const holdSeconds = async () => {
      expect((await attempt('nope-1')).statusCode).toBe(401);
      expect((await attempt('nope-2')).statusCode).toBe(401);
      const held = await attempt('Demo1234!');
      expect(held.statusCode).toBe(429);
      return Number(held.headers['retry-after']);
    };
    expect(await holdSeconds()).toBe(15 * 60);
    now += 15 * 60_000 + 1000;
    expect(await holdSeconds()).toBe(30 * 60);
    now += 30 * 60_000 + 1000;
    expect(await holdSeconds()).toBe(60 * 60);
    now += 60 * 60_000 + 1000;
    expect((await attempt('Demo1234!')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/auths/me', () => {
  it('answers the signed-in user', async () => {
    const token = await suite.t.login('shipper@example.com');
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      data: { email: 'shipper@example.com', role: { code: 'USER' }, accountType: 'shipment' },
    });
  });

  it('reads the token header in any letter case', async () => {
    const token = await suite.t.login('shipper@example.com');
    expect((await me(token, 'X-ACCESS-TOKEN')).statusCode).toBe(200);
    expect((await me(token, 'x-access-token')).statusCode).toBe(200);
  });

  it.each([
    ['without a token', undefined],
    ['with an empty token', ''],
    ['with an unknown token', 'not-a-real-token'],
  ])('answers 401 Unauthorized %s', async (_name, token) => {
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ isSuccess: false, code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('answers 401 Session expired once the session has expired', async () => {
    const token = await suite.t.login('user@example.com');
    await suite.t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(suite.t.clock.now().getTime() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ isSuccess: false, code: 'SESSION_EXPIRED', message: 'Session expired' });
  });

  it('expires a session left unused for the configured lifetime', async () => {
    const token = await suite.t.login('user@example.com');
    suite.t.clock.advance(suite.t.config.sessionTtlMinutes * 60_000 + 1000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });

  it('slides the expiry forward on use, at most once a minute', async () => {
    const token = await suite.t.login('user@example.com');
    const read = async () =>
      (
        await suite.t.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!;
    const initial = await read();

    suite.t.clock.advance(10_000);
    await me(token);
    expect((await read()).expiresAt.getTime()).toBe(initial.expiresAt.getTime());

    suite.t.clock.advance(SLIDE_INTERVAL_MS);
    expect((await me(token)).statusCode).toBe(200);
    const slid = await read();
    expect(slid.expiresAt.getTime()).toBe(initial.expiresAt.getTime() + 10_000 + SLIDE_INTERVAL_MS);

    // Used just before the original expiry, the session lives on for another full lifetime.
    suite.t.clock.advance(suite.t.config.sessionTtlMinutes * 60_000 - SLIDE_INTERVAL_MS);
    expect((await me(token)).statusCode).toBe(200);
    suite.t.clock.advance(2 * SLIDE_INTERVAL_MS);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('ends a session at its absolute lifetime however often it is used (SESSION_MAX_AGE_HOURS)', async () => {
    const token = await suite.t.login('shipper@example.com');
    const maxAgeMs = suite.t.config.sessionMaxAgeHours * 60 * 60_000;
    expect(suite.t.config.sessionMaxAgeHours).toBe(168);
    // Used every few hours, well within the idle timeout, for the whole week.
    const step = (suite.t.config.sessionTtlMinutes * 60_000) / 2;
    let used = 0;
    while (used + step < maxAgeMs - 60_000) {
      suite.t.clock.advance(step);
      used += step;
      expect((await me(token)).statusCode).toBe(200);
    }
    const [row] = await suite.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Sliding never moved the expiry past the end of its life.
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + maxAgeMs);
    suite.t.clock.advance(maxAgeMs - used + 1000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ isSuccess: false, code: 'SESSION_EXPIRED', message: 'Session expired' });
  });

  it('answers 403 ACCOUNT_INACTIVE when the account was deactivated during the session', async () => {
    const token = await suite.t.login('reseller@example.com');
    await suite.t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'reseller@example.com'));
    try {
      const res = await me(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    } finally {
      await suite.t.database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'reseller@example.com'));
    }
  });
});

describe('POST /api/v1/auths/logout', () => {
  it('revokes the current session only', async () => {
    const first = await suite.t.login('user@example.com');
    const second = await suite.t.login('user@example.com');
    const res = await suite.t.app.inject({ method: 'POST', url: LOGOUT, headers: { 'x-access-Token': first } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: null });

    const after = await me(first);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await suite.t.app.inject({ method: 'POST', url: LOGOUT });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
