import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  login,
  newPage,
  PHONE,
  screenshot,
  type BrowserContext,
  type Page,
  suiteBrowser,
} from './browser';
import {
  browserKeys,
  decryptPush,
  startFakePushService,
  verifyVapid,
} from '../../api/src/modules/platform/push/fake-push-service';

const OWNER = 'user@example.com';

async function apiToken(page: Page, email: string): Promise<string> {
  const res = await page.request.post('/api/v1/auths/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** The store (the super admin, through the API) logs a letter for OWNER's box, with a front photo if given. */
async function logLetter(page: Page, sender: string, photo?: Buffer): Promise<string> {
  const operator = await apiToken(page, 'superadmin@example.com');
  const holder = await apiToken(page, OWNER);
  const box = await page.request.get('/api/v1/mailboxes/my', { headers: { 'x-access-token': holder } });
  const boxId = ((await box.json()) as { data: { id: string } }).data.id;
  const received = await page.request.post(`/api/v1/mailboxes/${boxId}/labels`, {
    headers: { 'x-access-token': operator },
    multipart: {
      kind: 'letter',
      sender,
      ...(photo ? { media: { name: 'front.png', mimeType: 'image/png', buffer: photo } } : {}),
    },
  });
  expect(received.status()).toBe(200);
  return ((await received.json()) as { data: { id: string } }).data.id;
}

/**
 * Headless Chromium cannot make a real subscription: PushManager.subscribe() registers with Chromium's own push
 * service (FCM) over the internet, and hangs here without it. So the browser's subscription is made on the local
 * push service (keys generated here, as a browser would); everything after it is the product's.
 */
async function fakeBrowserSubscription(context: BrowserContext, endpoint: string) {
  const device = browserKeys();
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const stored = 'e2e-push-subscription';
      const subscription = () => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(stored);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem(stored, '1');
        return subscription() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(stored) ? subscription() : null) as unknown as PushSubscription;
      };
    },
    { endpoint, keys: device.keys },
  );
  return device;
}

describe('push notifications on this device', () => {
  const suite = suiteBrowser();
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;

  beforeAll(async () => {
    pushService = await startFakePushService();
  });

  afterAll(async () => {
    await pushService?.close();
  });

  it('subscribes from account settings, and new mail arrives encrypted, and is shown by the service worker', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    const endpoint = pushService.endpoint();
    const device = await fakeBrowserSubscription(context, endpoint);

    await login(page, OWNER);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/account-settings');
    const toggle = page.getByTestId('push-device-toggle');
    await toggle.waitFor();
    expect(await page.getByText('Push notifications on this device').isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('Push notifications are on for this device').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'push-notifications-on-phone');

    // New mail for the holder, logged by the store through the API.
    const itemId = await logLetter(page, 'Push Notice Bank');

    // The push job sends it to the device's push service: encrypted for the device, signed with the VAPID key.
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    const push = pushService.received[0]!;
    expect(push.path).toBe(new URL(endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    verifyVapid(push.headers.authorization, pushService.origin);
    const text = decryptPush(push.body, device);
    expect(JSON.parse(text)).toMatchObject({
      title: 'New letter from Push Notice Bank',
      link: `/inbox?item=${itemId}`,
      kind: 'new_mail',
    });

    // The push service hands the message to the browser: the service worker shows it...
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = (await registrations).find((r) => r.scopeURL === `${baseURL()}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL(),
      registrationId: registration.registrationId,
      data: text,
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          link: (n.data as { link: string }).link,
        })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: 'New letter from Push Notice Bank', link: `/inbox?item=${itemId}` }]);

    // Turning it off removes the device: the next mail is not pushed.
    await toggle.click();
    await page.getByText('Push notifications are off for this device').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await logLetter(page, 'After Opt-out Co');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(pushService.received).toHaveLength(1);
    await context.close();
  });

  it('signing out removes this device on the API before the session ends, and drops the browser subscription', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    const endpoint = pushService.endpoint();
    await fakeBrowserSubscription(context, endpoint);
    const toThisDevice = () => pushService.received.filter((p) => p.path === new URL(endpoint).pathname);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/v1\/(push-subscriptions|auths\/logout)/.test(path)) calls.push(`${request.method()} ${path}`);
    });

    await login(page, OWNER);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/account-settings');
    const toggle = page.getByTestId('push-device-toggle');
    await toggle.waitFor();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    calls.length = 0;

    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');
    // The device is forgotten with the session still valid, then the session is revoked.
    await expect.poll(() => calls.at(-1), { timeout: 10_000 }).toBe('POST /api/v1/auths/logout');
    expect(calls[0]).toBe('POST /api/v1/push-subscriptions');
    expect(calls[1]).toMatch(/^DELETE \/api\/v1\/push-subscriptions\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();

    // New mail for the signed-out holder is not pushed to this device.
    await logLetter(page, 'After Sign-out Co');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(toThisDevice()).toEqual([]);
    await context.close();
  });
});

describe('inbox photos', () => {
  const suite = suiteBrowser();
  it('load as sized WebP thumbnails through srcset, and never as the originals', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    const originals: string[] = [];
    const thumbnails: { url: string; type: string }[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/\/photos\/\d+$/.test(path)) originals.push(path);
      if (/\/photos\/\d+\/thumbnail$/.test(path)) {
        thumbnails.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
      }
    });
    await login(page, OWNER);
    // The store logs a letter with an envelope photo (any PNG: a picture of this page), so the newest row has one
    // whatever the other tests left in this inbox.
    const envelope = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 320, height: 200 } });
    await logLetter(page, 'Thumbnail Photo Co', envelope);
    await page.goto('/inbox');
    // A photo is asked for once its row reaches the screen: bring the row into view.
    const row = page.getByTestId('mail-row').filter({ hasText: 'Thumbnail Photo Co' }).first();
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    const photo = row.getByTestId('envelope-photo');
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.getAttribute('srcset')).toMatch(/&width=160 160w, .*&width=1280 1280w$/);
    // A 4rem box at the phone's density takes a small candidate, not the 1280 one.
    const chosen = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(Number(new URL(chosen).searchParams.get('width'))).toBeLessThanOrEqual(320);
    expect(thumbnails.length).toBeGreaterThan(0);
    expect(thumbnails.every((t) => t.type === 'image/webp')).toBe(true);
    expect(originals).toEqual([]);
    await context.close();
  });
});
