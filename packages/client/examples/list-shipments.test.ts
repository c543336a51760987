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

// Until API keys are issued, the example authenticates with a session token (the same client option path);
// with keys it is `createPostwiseClient({ baseUrl, apiKey: 'pw_live_…' })`.
describe('the typed client example (packages/client/examples/list-shipments.ts)', () => {
  it("lists the caller's shipments over HTTP, typed by the generated document", async () => {
    const client = createPostwiseClient({ baseUrl, accessToken: await t.login('user@example.com') });
    const page = await listShipments(client, { pageSize: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.length).toBe(Math.min(5, page.total));
    expect(page.items[0]).toMatchObject({ id: expect.any(String), uniqueId: expect.any(String) });
  });

  it('sends an API key as a bearer token and surfaces the failure envelope', async () => {
    const client = createPostwiseClient({ baseUrl, apiKey: 'pw_live_not-a-real-key' });
    await expect(listShipments(client)).rejects.toThrow(/^401 UNAUTHORIZED: /);
  });
});
