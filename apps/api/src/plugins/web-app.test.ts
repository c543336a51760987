import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f2a.js"></script></body></html>';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'postwise-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-3f2a.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ seed: false, config: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it.each(['/', '/inbox', '/inbox/42/forward/address', '/configuration/store', '/no-such-screen'])(
    'answers index.html for the screen path %s (deep links survive a reload)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('serves fingerprinted assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files of the build, such as robots.txt', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('User-agent: *');
  });

  it('answers a missing file with 404 rather than the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(res.statusCode).toBe(404);
  });

  it('still answers unknown /api paths with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
  });

  it('answers 404 to a non-GET request for a screen path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/inbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
  });
});

describe('without a built web app', () => {
  it('answers screen paths with the 404 envelope', async () => {
    const apiOnly = await createTestApp({ seed: false });
    try {
      const res = await apiOnly.app.inject({ method: 'GET', url: '/inbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
    } finally {
      await apiOnly.close();
    }
  });
});
