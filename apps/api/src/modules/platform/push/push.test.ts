import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultNotificationPreferences } from '@postwise/shared/account-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { suiteApp } from '../../../test/suite-app';
import { mailKit } from '../../mailbox/mail/mail-test-kit';
import { users } from '../../identity';
import { pushSubscriptions } from '../schema/push-subscriptions';
import { browserKeys, decryptPush, startFakePushService, verifyVapid } from './fake-push-service';
import { resolveVapidKeys } from './vapid-keys';

const OWNER = 'user@example.com';
const OTHER = 'mailbox@example.com';
const OPERATOR = 'superadmin@example.com';

let pushService: Awaited<ReturnType<typeof startFakePushService>>;

const suite = suiteApp();
beforeAll(async () => {
  pushService = await startFakePushService();
});
// Runs before suiteApp closes the app (after-hooks run in reverse order).
afterAll(async () => {
  await pushService.close();
});

function call(token: string | null, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return suite.t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: token ? { 'x-access-token': token } : {},
    ...(payload ? { payload } : {}),
  });
}

async function subscribeDevice(email: string) {
  const browser = browserKeys();
  const endpoint = pushService.endpoint();
  const res = await call(await mailKit(suite.t).token(email), 'POST', 'push-subscriptions', {
    endpoint,
    expirationTime: null,
    keys: browser.keys,
  });
  expect(res.statusCode).toBe(201);
  return { browser, endpoint, id: res.json().data.id as string };
}

const pushesTo = (endpoint: string) => pushService.received.filter((p) => p.path === new URL(endpoint).pathname);

describe('push endpoints without a session', () => {
  it.each([
    ['GET', 'push/vapid-public-key'],
    ['POST', 'push-subscriptions'],
    ['DELETE', 'push-subscriptions/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false });
  });
});

describe('GET push/vapid-public-key', () => {
  it('answers the uncompressed P-256 public key browsers subscribe with', async () => {
    const res = await call(await suite.t.login(OWNER), 'GET', 'push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().data.publicKey as string, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});

describe('VAPID keys', () => {
  it('are generated once outside production and read back from DATA_DIR on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-vapid-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, {});
      const first = await resolveVapidKeys(config);
      const second = await resolveVapidKeys(config);
      expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(second).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are the configured ones when set, and none in production without them (push is off)', async () => {
    const configured = loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }, {});
    expect(await resolveVapidKeys(configured)).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: tmpdir() }, {});
    expect(await resolveVapidKeys(production)).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'pub' }, {})).toThrow(/set together/);
  });
});

describe('POST push-subscriptions', () => {
  it('answers 422 with the field messages for a subscription that is not one', async () => {
    const token = await suite.t.login(OWNER);
    const res = await call(token, 'POST', 'push-subscriptions', {
      endpoint: 'ftp://push.example.com/x',
      keys: { p256dh: 'not-a-key', auth: Buffer.alloc(8).toString('base64url') },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      endpoint: 'Push endpoint must be an https address',
      'keys.p256dh': 'Push key p256dh must be a P-256 public key (base64url)',
      'keys.auth': 'Push key auth must be 16 bytes (base64url)',
    });
    expect((await call(token, 'POST', 'push-subscriptions', { endpoint: pushService.endpoint() })).statusCode).toBe(
      422,
    );
  });

  it('takes the same endpoint over instead of adding a second device', async () => {
    const device = await subscribeDevice(OWNER);
    const again = await call(await suite.t.login(OTHER), 'POST', 'push-subscriptions', {
      endpoint: device.endpoint,
      keys: browserKeys().keys,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(device.id);
    const rows = await suite.t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    await call(await suite.t.login(OTHER), 'DELETE', `push-subscriptions/${device.id}`);
  });
});

describe('DELETE push-subscriptions/{id}', () => {
  it("answers 404 for another user's device and removes only the caller's own", async () => {
    const device = await subscribeDevice(OWNER);
    const other = await call(await suite.t.login(OTHER), 'DELETE', `push-subscriptions/${device.id}`);
    expect(other.statusCode).toBe(404);
    expect((await call(await suite.t.login(OTHER), 'DELETE', 'push-subscriptions/not-an-id')).statusCode).toBe(404);
    const mine = await call(await suite.t.login(OWNER), 'DELETE', `push-subscriptions/${device.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: device.id, endpoint: device.endpoint });
    expect((await call(await suite.t.login(OWNER), 'DELETE', `push-subscriptions/${device.id}`)).statusCode).toBe(404);
  });
});

describe('push notifications through the job queue', () => {
  it('pushes new mail to the opted-in device, encrypted for it and signed with the VAPID key', async () => {
    const k = mailKit(suite.t);
    const device = await subscribeDevice(OWNER);
    const res = await k.receive(OPERATOR, await k.mailboxOf(OWNER), { kind: 'letter', sender: 'Push Test Bank' });
    expect(res.statusCode).toBe(200);
    const itemId = res.json().data.id as string;
    // Sent by the queue's job, never inside the request.
    expect(pushesTo(device.endpoint)).toHaveLength(0);
    await suite.t.drainJobs();
    const [push] = pushesTo(device.endpoint);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(push!.headers.authorization, pushService.origin);
    const key = await call(await suite.t.login(OWNER), 'GET', 'push/vapid-public-key');
    expect(vapid.publicKey).toBe(key.json().data.publicKey);
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    expect(JSON.parse(decryptPush(push!.body, device.browser))).toEqual({
      title: 'New letter from Push Test Bank',
      body: expect.any(String),
      link: `/inbox?item=${itemId}`,
      kind: 'new_mail',
      tag: `new_mail:${itemId}`,
    });
    await call(await suite.t.login(OWNER), 'DELETE', `push-subscriptions/${device.id}`);
  });

  it('follows the push preference of the event, and reaches no other customer', async () => {
    const k = mailKit(suite.t);
    const mine = await subscribeDevice(OWNER);
    const theirs = await subscribeDevice(OTHER);
    const token = await suite.t.login(OWNER);
    const preferences = defaultNotificationPreferences();
    preferences.push.new_mail = false;
    expect((await call(token, 'PUT', 'account-settings/notifications', preferences)).statusCode).toBe(200);
    await k.receive(OPERATOR, await k.mailboxOf(OWNER), { kind: 'letter', sender: 'Muted Sender' });
    await suite.t.drainJobs();
    expect(pushesTo(mine.endpoint)).toHaveLength(0);
    expect(pushesTo(theirs.endpoint)).toHaveLength(0);

    // A client that sends only e-mail and in-app choices keeps the push choice.
    const { push: _kept, ...withoutPush } = preferences;
    const saved = await call(token, 'PUT', 'account-settings/notifications', withoutPush);
    expect(saved.json().data.notificationPreferences.push.new_mail).toBe(false);

    preferences.push.new_mail = true;
    await call(token, 'PUT', 'account-settings/notifications', preferences);
    await k.receive(OPERATOR, await k.mailboxOf(OWNER), { kind: 'letter', sender: 'Loud Sender' });
    await suite.t.drainJobs();
    expect(pushesTo(mine.endpoint)).toHaveLength(1);
    expect(pushesTo(theirs.endpoint)).toHaveLength(0);
    await call(await suite.t.login(OWNER), 'DELETE', `push-subscriptions/${mine.id}`);
    await call(await suite.t.login(OTHER), 'DELETE', `push-subscriptions/${theirs.id}`);
  });

  it('drops a subscription the push service reports gone (410), and keeps one it merely refuses for now', async () => {
    const k = mailKit(suite.t);
    const gone = await subscribeDevice(OWNER);
    const busy = await subscribeDevice(OWNER);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(busy.endpoint, 503);
    await k.receive(OPERATOR, await k.mailboxOf(OWNER), { kind: 'letter', sender: 'Expired Device Co' });
    await suite.t.drainJobs();
    expect(pushesTo(gone.endpoint)).toHaveLength(1);
    expect(pushesTo(busy.endpoint)).toHaveLength(1);
    const left = await suite.t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(users.email, OWNER));
    expect(left.map((r) => r.id)).toEqual([busy.id]);
    const failed = await suite.t.app.jobs.list({ name: 'push', state: 'retry', limit: 10, offset: 0 });
    expect(failed.items.map((j) => (j.data as { subscriptionId: string }).subscriptionId)).toEqual([busy.id]);
    expect((await call(await suite.t.login(OWNER), 'DELETE', `push-subscriptions/${gone.id}`)).statusCode).toBe(404);
  });
});
