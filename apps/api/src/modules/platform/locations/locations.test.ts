import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { readLocationFile } from './location-files';

const suite = suiteApp({ seed: false });

const get = (list: string, headers: Record<string, string> = {}) =>
  suite.t.app.inject({ method: 'GET', url: `/json/${list}.json`, headers });

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

  it('sends the copies compressed at build time: brotli when accepted, else gzip, else plain', async () => {
    const stored = readLocationFile('states');
    const br = await get('states', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Byte for byte the stored file: nothing is compressed on the request.
    expect(br.rawPayload.equals(stored.br)).toBe(true);
    const gz = await get('states', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(stored.gzip)).toBe(true);
    const plain = await get('states', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('is cacheable for long and answers 304 for a known ETag', async () => {
    const plain = await get('countries');
    expect(plain.headers['cache-control']).toMatch(/public, max-age=\d{5,}/);
    const again = await get('countries', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
