import { describe, expect, it } from 'vitest';
import { baseURL, login, newPage, PHONE, screenshot, suiteBrowser } from './browser';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable web app', () => {
  const suite = suiteBrowser();
  it('links a web app manifest with the product name, standalone display, /dashboard start and reachable icons', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Postwise',
      short_name: 'Postwise',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e2a78',
    });
    const bySize = (size: string, purpose: string) =>
      manifest.icons.find((icon) => icon.sizes === size && (icon.purpose ?? 'any') === purpose);
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = bySize(size, purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const file = await page.request.get(icon!.src);
      expect(file.status(), icon!.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(size);
    }
    // iOS "Add to Home Screen" takes the Apple touch icon.
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(apple!)).status()).toBe(200);
    await context.close();
  });

  it('registers the service worker after load, which precaches the shell and never caches API answers', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'user@example.com');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
    });
    expect(worker.scope).toBe(`${baseURL()}/`);
    expect(worker.script).toBe(`${baseURL()}/sw.js`);
    // The precache fills in the background: wait for the shell to be in it.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            for (const name of await caches.keys()) {
              const keys = await (await caches.open(name)).keys();
              if (keys.some((request) => new URL(request.url).pathname === '/spa.html')) return true;
            }
            return false;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    // Use the app a little (the inbox calls the API), then look at every cached URL.
    await page.goto('/inbox');
    await page.getByTestId('mail-row').first().waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    await context.close();
  });

  it('shows the offline overlay when the network goes, and the app still opens from the cache while offline', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'user@example.com');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Controlled by the worker from here on (it claims the page once active).
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/inbox');
    await page.getByTestId('mail-row').first().waitFor();
    await expect.poll(() => page.evaluate(() => caches.has('pages')), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    const overlay = page.getByTestId('offline-overlay');
    await overlay.waitFor();
    expect(await overlay.getByRole('heading', { name: 'No Internet Connection' }).isVisible()).toBe(true);
    expect(await overlay.innerText()).toContain('Please check your internet connection and try again.');
    await screenshot(page, 'offline-overlay-phone');

    // A reload with no network: the worker answers with the cached page, the app starts and says it is offline.
    await page.reload();
    await page.getByTestId('offline-overlay').waitFor();
    expect(await page.getByRole('heading', { name: 'No Internet Connection' }).isVisible()).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-overlay').count()).toBe(0);
    await context.close();
  });
});
