import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { getAuth, requireAuth } from './authentication';
import { requireAudience } from './authorization';

const suite = suiteApp({
  extend(app) {
    app.get('/api/v1/test/admins-only', { onRequest: [requireAudience('customers.read')] }, async (request) => ({
      isSuccess: true,
      data: { role: getAuth(request).user.roleCode, impersonator: getAuth(request).impersonatorUserId },
    }));
    app.get(
      '/api/v1/test/limited',
      { onRequest: [requireAuth], config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
      async () => ({
        isSuccess: true,
        data: 'ok',
      }),
    );
  },
});

const get = (url: string, token?: string) =>
  suite.t.app.inject({ method: 'GET', url, headers: token ? { 'x-access-Token': token } : {} });

describe("requireAudience: the capability's audience from the shared table", () => {
  it.each(['superadmin@example.com', 'subadmin@example.com'])('lets %s in', async (email) => {
    const res = await get('/api/v1/test/admins-only', await suite.t.login(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.impersonator).toBeNull();
  });

  it('answers 403 with the permission message to another role', async () => {
    const res = await get('/api/v1/test/admins-only', await suite.t.login('user@example.com'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
  });

  it('answers 401 to an anonymous caller before checking the audience', async () => {
    const res = await get('/api/v1/test/admins-only');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('per-route rate limits', () => {
  it('answer 429 in the envelope once a route limit is used up', async () => {
    const token = await suite.t.login('shipper@example.com');
    expect((await get('/api/v1/test/limited', token)).statusCode).toBe(200);
    expect((await get('/api/v1/test/limited', token)).statusCode).toBe(200);
    const res = await get('/api/v1/test/limited', token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
