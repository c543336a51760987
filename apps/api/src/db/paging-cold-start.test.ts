import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shipments } from '../modules/shipping/schema/shipments';
import { suiteApp } from '../test/suite-app';
import { clearCountCache, countsSettled, EXACT_COUNT_LIMIT } from './paging';

/**
 * A list right after a start, under a crowd: GET shipments as the super admin over more than EXACT_COUNT_LIMIT
 * shipments, 32 requests at once before anything is counted. The exact count statements that reach the database
 * driver are counted by a spy on the driver's `query`.
 */
let token: string;
const SHIPMENTS = EXACT_COUNT_LIMIT + 50;

/** The driver behind the Drizzle handle (PGlite, or node-postgres' pool): both answer `query(text | config, …)`. */
function driver(): { query: (...args: unknown[]) => unknown } {
  return (suite.t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
}

/** The exact (uncapped) count of the shipments list: `count(*)` straight over its filtered rows. */
const EXACT_SHIPMENT_COUNT = /^select count\(\*\)::int from \(+select 1 from "shipments"/;

function statementText(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  return String((first as { text?: unknown } | null)?.text ?? '');
}

const suite = suiteApp();
beforeAll(async () => {
  await suite.t.database.db.execute(sql`
    insert into shipments (unique_id, user_id, sender, receiver, carrier, shipment_details, status, receiver_name,
                           created_at)
    select 'PWCOLD' || lpad(g::text, 6, '0'), u.id,
           '{"name":"Sofia Ramirez","line1":"1855 Industrial St","city":"Los Angeles","state":"CA","zipCode":"90021","country":"US"}',
           jsonb_build_object('name', 'Receiver ' || g, 'line1', g || ' Congress Ave', 'city', 'Austin', 'state', 'TX',
                              'zipCode', '78701', 'country', 'US'),
           'UPS', '{"service":"UPS Ground","deliveryDate":null,"deliveryTime":null,"category":"ground"}',
           'delivered', 'receiver ' || g, now() - g * interval '1 minute'
    from generate_series(1, ${SHIPMENTS}) g
    cross join (select id from users where email = 'shipper@example.com') u`);
  token = await suite.t.login('superadmin@example.com');
});

describe('a large list from a cold start', () => {
  it('32 concurrent requests for GET shipments run one exact count; the others answer the estimate or that count', async () => {
    clearCountCache();
    const listed = await suite.t.database.db.$count(shipments, sql`${shipments.status} <> 'draft'`);
    expect(listed).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const query = vi.spyOn(driver(), 'query');
    try {
      const responses = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          suite.t.app.inject({
            method: 'GET',
            url: `/api/v1/shipments?pageNo=${1 + (i % 3)}&pageSize=10`,
            headers: { 'x-access-token': token },
          }),
        ),
      );
      for (const res of responses) {
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.items).toHaveLength(10);
        // The exact total, or while it is counted (PostgreSQL) the planner's estimate, marked as one.
        if (page.totalIsEstimate) expect(page).toMatchObject({ totalIsEstimate: true, total: expect.any(Number) });
        else expect(page.total).toBe(listed);
        if (page.totalIsEstimate) expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      }
      await countsSettled();
      const exactCounts = () => query.mock.calls.filter((args) => EXACT_SHIPMENT_COUNT.test(statementText(args)));
      expect(exactCounts()).toHaveLength(1);

      // Counted: the next request answers the exact total, without counting again.
      const later = await suite.t.app.inject({
        method: 'GET',
        url: '/api/v1/shipments?pageNo=1&pageSize=10',
        headers: { 'x-access-token': token },
      });
      expect(later.json()).toMatchObject({ isSuccess: true, total: listed });
      expect(later.json()).not.toHaveProperty('totalIsEstimate');
      expect(exactCounts()).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('a small list stays exact on every call', async () => {
    const shipper = await suite.t.login('shipper@example.com');
    const own = () =>
      suite.t.app.inject({
        method: 'GET',
        url: '/api/v1/shipments?status=voided',
        headers: { 'x-access-token': shipper },
      });
    const before = (await own()).json();
    expect(before.totalIsEstimate).toBeUndefined();
    await suite.t.database.db.execute(sql`
      update shipments set status = 'voided' where unique_id = 'PWCOLD000001'`);
    const after = (await own()).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.totalIsEstimate).toBeUndefined();
  });
});
