/**
 * Lists your shipments with an API key:
 *
 *   POSTWISE_URL=https://your-postwise-host POSTWISE_API_KEY=pw_live_... \
 *     node --import tsx packages/client/examples/list-shipments.ts
 *
 * POSTWISE_ACCESS_TOKEN (a session token from POST /api/v1/auths/login) works in place of the key.
 */
import { pathToFileURL } from 'node:url';
import { createPostwiseClient, type PostwiseClient, type Schema } from '../src/index';

/** One page of the caller's shipments, newest first. */
export async function listShipments(
  client: PostwiseClient,
  page: { pageNo?: number; pageSize?: number } = {},
): Promise<{ items: Schema<'ShipmentListItem'>[]; total: number }> {
  const { data, error, response } = await client.GET('/api/v1/shipments', {
    params: { query: { pageNo: page.pageNo ?? 1, pageSize: page.pageSize ?? 10 } },
  });
  if (error) throw new Error(`${response.status} ${error.code}: ${error.message}`);
  return { items: data.items, total: data.total };
}

async function main() {
  const baseUrl = process.env.POSTWISE_URL ?? 'http://localhost:3000';
  const client = createPostwiseClient({
    baseUrl,
    apiKey: process.env.POSTWISE_API_KEY,
    accessToken: process.env.POSTWISE_ACCESS_TOKEN,
  });
  const { items, total } = await listShipments(client);
  console.log(`${total} shipments; the newest ${items.length}:`);
  for (const s of items) console.log(`${s.createdAt}  ${s.uniqueId}  ${s.status}  ${s.carrier ?? ''}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
