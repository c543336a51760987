import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t.close();
});

const get = (list: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/json/${list}.json`, headers });

describe('/json location lists (spec 3)', () => {
  it('answers countries as { name }', async () => {
    const res = await get('countries');
    expect(res.statusCode).toBe(200);
    const countries = res.json() as { name: string }[];
    expect(countries).toContainEqual({ name: 'United States' });
    expect(countries.length).toBeGreaterThan(200);
  });

  it('answers states as { name, country_name } and cities as { name, state_name }', async () => {
    const states = (await get('states')).json() as { name: string; country_name: string }[];
    expect(states).toContainEqual({ name: 'California', country_name: 'United States' });
    const cities = (await get('cities')).json() as { name: string; state_name: string }[];
    expect(cities).toContainEqual({ name: 'Los Angeles', state_name: 'California' });
    expect(Object.keys(cities[0]!).sort()).toEqual(['name', 'state_name']);
  });

  it('is cacheable for long, gzip when accepted, and answers 304 for a known ETag', async () => {
    const plain = await get('states');
    expect(plain.headers['cache-control']).toMatch(/public, max-age=\d{5,}/);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const zipped = await get('states', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await get('states', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
