import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f2a.js"></script></body></html>';
/** What the build prerenders: the home page in index.html, other public pages in <path>/index.html. */
const HOME = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Your mail, anywhere</h1></div>');
const ABOUT = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>About us</h1></div>');
const TRACK = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Where is my parcel?</h1></div>');
const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))})`;
const SW_JS = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(400)}`;

/** Writes a file with the .br and .gz copies the build makes next to it. */
function writeCompressed(file: string, body: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'postwise-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeCompressed(path.join(dist, 'spa.html'), INDEX);
  writeCompressed(path.join(dist, 'index.html'), HOME);
  writeCompressed(path.join(dist, 'about', 'index.html'), ABOUT);
  writeCompressed(path.join(dist, 'public', 'track', 'index.html'), TRACK);
  writeCompressed(path.join(dist, 'assets', 'app-3f2a.js'), APP_JS);
  writeCompressed(path.join(dist, 'assets', 'app-3f2a.css'), 'body{margin:0}'.repeat(50));
  writeCompressed(path.join(dist, 'sw.js'), SW_JS);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    seed: false,
    config: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://mail.example.com/' },
  });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it.each(['/inbox', '/inbox/42/forward/address', '/configuration/store', '/public', '/no-such-screen'])(
    'answers the empty app shell for the screen path %s (deep links survive a reload)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it.each([
    ['/', HOME],
    ['/about', ABOUT],
    ['/about?ref=mail', ABOUT],
    ['/public/track', TRACK],
    ['/public/track?t_n=PW7342918560', TRACK],
  ])('answers the prerendered page for %s, not cached', async (url, page) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page);
  });

  it('serves fingerprinted assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the stored brotli copy when the browser accepts br, gzip when only gzip, plain otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(APP_JS);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(APP_JS);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('sends prerendered pages and the app shell compressed, still not cached', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toBe(ABOUT);

    const shell = await t.app.inject({ method: 'GET', url: '/inbox', headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(shell.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('serves other static files of the build, such as the favicon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it.each(['/assets/app-3f2a.js', '/assets/app-3f2a.css'])(
    'sends %s with only the headers a static file needs: no document policy, no revalidation, no request id',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      for (const name of [
        'cross-origin-resource-policy',
        'accept-ranges',
        'content-security-policy',
        'cross-origin-opener-policy',
        'referrer-policy',
        'x-frame-options',
        'origin-agent-cluster',
        'x-xss-protection',
        'etag',
        'last-modified',
        'x-request-id',
      ]) {
        expect(res.headers[name], name).toBeUndefined();
      }
      const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
      expect(headerBytes).toBeLessThan(320);
    },
  );

  it.each(['/', '/about', '/inbox'])('keeps the CSP and the other document headers on the page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the service worker with the CSP (its own policy) and revalidated on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers robots.txt as plain text pointing at the sitemap under PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://mail.example.com/sitemap.xml');
  });

  it('answers sitemap.xml as XML listing every prerendered page with an absolute URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://mail.example.com/',
      'https://mail.example.com/about',
      'https://mail.example.com/public/track',
    ]);
  });

  it('answers a missing file with 404 rather than the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(res.statusCode).toBe(404);
  });

  it.each(['/api/v1/unknown', '/api/unknown', '/api', '/API/v1/shipments', '/api/v2/shipments', '/api/docs/nope.js'])(
    'still answers the unknown API path %s with the JSON 404 envelope, never the app page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
    },
  );

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
