import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/api/src/test/test-app';
import { createPostwiseClient } from '../src/index';
import { listShipments } from './list-shipments';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

/** A key of user@example.com's with only the shipments:read scope, created as the account settings screen does. */
async function shipmentsReadKey(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { 'x-access-token': await t.login('user@example.com') },
    payload: { name: 'Client example', scopes: ['shipments:read'] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { key: string } }).data.key;
}

describe('the typed client example (packages/client/examples/list-shipments.ts)', () => {
  it("lists the key owner's shipments over HTTP with an API key, typed by the generated document", async () => {
    const client = createPostwiseClient({ baseUrl, apiKey: await shipmentsReadKey() });
    const page = await listShipments(client, { pageSize: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.length).toBe(Math.min(5, page.total));
    expect(page.items[0]).toMatchObject({ id: expect.any(String), uniqueId: expect.any(String) });
  });

  it('lists them with a session token too', async () => {
    const client = createPostwiseClient({ baseUrl, accessToken: await t.login('user@example.com') });
    expect((await listShipments(client, { pageSize: 1 })).total).toBeGreaterThan(0);
  });

  it('surfaces the failure envelope of an unknown key', async () => {
    const client = createPostwiseClient({ baseUrl, apiKey: 'pw_live_not-a-real-key' });
    await expect(listShipments(client)).rejects.toThrow(/^401 UNAUTHORIZED: /);
  });
});
