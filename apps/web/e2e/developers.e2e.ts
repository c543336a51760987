import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  PHONE,
  baseURL,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  suiteBrowser,
  shown,
} from './browser';

/**
 * API keys, webhooks and the Jobs page, through the UI: a customer creates a key (shown once), calls the API
 * with it, revokes it; adds a webhook endpoint on a local receiver, gets a signed delivery and redelivers it
 * from the log; the super admin opens Jobs.
 */

async function api(path: string, init: RequestInit & { token?: string; key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('x-access-token', init.token);
  if (init.key) headers.set('authorization', `Bearer ${init.key}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${baseURL()}/api/v1/${path}`, { ...init, headers });
}

async function tokenOf(email: string): Promise<string> {
  const res = await api('auths/login', { method: 'POST', body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

describe('API & Webhooks', () => {
  const suite = suiteBrowser();
  let receiver: Server;
  let receiverUrl = '';
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString('utf8')));
      request.on('end', () => {
        hooks.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/postwise`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('a customer creates an API key, calls the API with it, and revokes it', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'user@example.com');
    await page.goto('/account-settings');
    await page.getByTestId('open-developers').click();
    await page.getByRole('heading', { name: 'API & Webhooks', level: 1 }).waitFor();
    await shown(page.getByText('No API keys')).waitFor();

    await page.getByTestId('create-api-key').click();
    await page.getByTestId('api-key-submit').click();
    await page.getByText('Name is required').waitFor();
    await page.getByTestId('api-key-name').fill('Zapier');
    await page.getByLabel('shipments:read').check();
    await page.getByTestId('api-key-submit').click();
    const keyField = page.getByTestId('new-api-key');
    await keyField.waitFor();
    const key = await keyField.inputValue();
    expect(key).toMatch(/^pw_live_/);
    await page.getByText('Copy it now: it is not shown again.').waitFor();
    await screenshot(page, 'developers-key-created-1280');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await shown(page.getByText(`${key.slice(0, 14)}…`)).waitFor();
    expect(await page.content()).not.toContain(key);

    expect((await api('mail-items', { key })).status).toBe(200);
    expect((await api('shipments', { key })).status).toBe(200);
    expect((await api('invoices', { key })).status).toBe(403);

    await shown(page.getByRole('button', { name: 'Revoke Zapier' })).click();
    await page.getByTestId('confirm-revoke').click();
    await shown(page.getByText('No API keys')).waitFor();
    expect((await api('mail-items', { key })).status).toBe(401);
    await context.close();
  });

  it('a customer adds a webhook endpoint, receives a signed event, and redelivers it from the log', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'user@example.com');
    await page.goto('/developers');
    await page.getByTestId('add-webhook').click();
    await page.getByTestId('webhook-url').fill('not a url');
    await page.getByTestId('webhook-submit').click();
    await page.getByText('Enter a valid http(s) URL').waitFor();
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-submit').click();
    const secretField = page.getByTestId('new-webhook-secret');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await shown(page.getByText(receiverUrl)).waitFor();

    // Something happens in the account: a shred request on an inbox item (mail_request.updated).
    const token = await tokenOf('user@example.com');
    const items = (await (await api('mail-items?pageSize=50', { token })).json()) as {
      items: { id: string; kind: string; folder: string; status: string; openRequest: unknown }[];
    };
    const item = items.items.find(
      (i) => i.kind === 'letter' && i.folder === 'inbox' && i.status === 'received' && !i.openRequest,
    );
    expect(item).toBeDefined();
    const made = await api(`mail-items/${item!.id}/requests`, {
      method: 'POST',
      token,
      body: JSON.stringify({ type: 'shred' }),
    });
    expect(made.status).toBe(200);
    await expect.poll(() => hooks.length, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    const first = hooks[0]!;
    const [t, v1] = String(first.headers['postwise-signature'])
      .split(',')
      .map((p) => p.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex'));
    expect(JSON.parse(first.body)).toMatchObject({ type: 'mail_request.updated' });

    await shown(page.getByRole('button', { name: `Delivery log of ${receiverUrl}` })).click();
    const log = page.getByRole('dialog');
    await shown(log.getByText('Delivered')).waitFor();
    await screenshot(page, 'developers-delivery-log-1280');
    await expectNoSeriousA11yViolations(page);
    await shown(log.getByRole('button', { name: /^Redeliver mail_request\.updated/ })).click();
    await expect.poll(() => hooks.length, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    expect(hooks[1]!.body).toBe(first.body);
    await page.keyboard.press('Escape');

    // Rotating the secret: confirmed, the new one shown once; meanwhile both secrets sign each delivery.
    await shown(page.getByRole('button', { name: `Rotate secret of ${receiverUrl}` })).click();
    await page.getByRole('heading', { name: 'Rotate the signing secret?' }).waitFor();
    await page.getByTestId('confirm-rotate-secret').click();
    const rotatedField = page.getByTestId('rotated-webhook-secret');
    await rotatedField.waitFor();
    const rotated = await rotatedField.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await screenshot(page, 'developers-secret-rotated-1280');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await shown(page.getByText(/Previous secret also signs until/)).waitFor();
    expect(await page.content()).not.toContain(rotated);

    const endpoints = (await (await api('webhook-endpoints', { token })).json()) as {
      data: { id: string; url: string }[];
    };
    const endpoint = endpoints.data.find((e) => e.url === receiverUrl)!;
    const deliveries = (await (await api(`webhook-endpoints/${endpoint.id}/deliveries`, { token })).json()) as {
      items: { id: string }[];
    };
    const sent = hooks.length;
    const again = await api(`webhook-endpoints/${endpoint.id}/deliveries/${deliveries.items[0]!.id}/redeliver`, {
      method: 'POST',
      token,
    });
    expect(again.status).toBe(200);
    await expect.poll(() => hooks.length, { timeout: 15_000, interval: 200 }).toBeGreaterThan(sent);
    const signed = hooks.at(-1)!;
    const parts = String(signed.headers['postwise-signature'])
      .split(',')
      .map((p) => p.split('='));
    const at = parts.find(([k]) => k === 't')![1];
    const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
    const hmac = (key: string) => createHmac('sha256', key).update(`${at}.${signed.body}`).digest('hex');
    expect(signatures).toEqual([hmac(rotated), hmac(secret)]);
    await screenshot(page, 'developers-1280', { fullPage: true });
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'user@example.com');
    await phone.page.goto('/developers');
    await shown(phone.page.getByText(receiverUrl)).waitFor();
    await screenshot(phone.page, 'developers-375', { fullPage: true });
    await expectNoSeriousA11yViolations(phone.page);
    await phone.context.close();
  });

  it('the super admin opens Jobs from the menu', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await page.getByTestId('sidebar-item-jobs').click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    await page.getByTestId('queue-email').waitFor();
    await shown(page.getByText('Nothing failed')).waitFor();
    await screenshot(page, 'jobs-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'superadmin@example.com');
    await phone.page.goto('/jobs');
    await phone.page.getByTestId('queue-webhook-delivery').waitFor();
    await screenshot(phone.page, 'jobs-375', { fullPage: true });
    await phone.context.close();
  });
});
