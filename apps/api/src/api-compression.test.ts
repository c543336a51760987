import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { suiteApp } from './test/suite-app';

const suite = suiteApp();

// The seeded plans for the home page: well above the 1 KB threshold.
const PLANS = '/api/v1/plans/home?serverPaging=false';

describe('API answers on the wire', () => {
  it('sends JSON above 1 KB brotli-compressed when the client accepts br', async () => {
    const plain = await suite.t.app.inject({ method: 'GET', url: PLANS });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await suite.t.app.inject({
      method: 'GET',
      url: PLANS,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip, and nothing but plain JSON for deflate alone', async () => {
    const gz = await suite.t.app.inject({ method: 'GET', url: PLANS, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toMatchObject({ isSuccess: true });
    const deflate = await suite.t.app.inject({ method: 'GET', url: PLANS, headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.json()).toMatchObject({ isSuccess: true });
  });

  it('leaves answers under 1 KB uncompressed', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/auths/me',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ isSuccess: false });
  });
});
