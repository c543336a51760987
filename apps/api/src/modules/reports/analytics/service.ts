import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rangeRows } from './rollup';
import { type CsvCell, toCsv } from '../../../lib/csv';
import { largeFigures } from '../../../db/large-figures';
import { EXACT_COUNT_LIMIT } from '../../../db/paging';
import { sharedComputations } from '../../../lib/shared-computation';
import { dayKeyIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';
import { dayKey, floorDay, floorMonth, nextDay, nextMonth } from './calendar';

/**
 * Analytics & Reports: every figure is one SQL aggregate over the range [from, to); nothing loads rows
 * into memory. Definitions: docs/decisions/012-analytics-definitions.md (and definitions.ts).
 */
export interface AnalyticsRange {
  from: Date;
  to: Date;
}

type Row = Record<string, unknown>;
const rows = (r: unknown): Row[] => (r as { rows: Row[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Monthly-normalised price of a plan (month as is, year / 12, top-up 0), as SQL over plans alias p. */
const MONTHLY = sql.raw(
  `case p.validity when 'month' then p.price_cents when 'year' then round(p.price_cents / 12.0) else 0 end`,
);

/** MRR at a moment: subscriptions started at or before it and not cancelled at or before it. */
async function mrrAt(db: Db, at: Date): Promise<number> {
  const r = await db.execute(sql`
    select coalesce(sum(${MONTHLY}), 0)::bigint as mrr
    from subscriptions s join plans p on p.id = s.plan_id
    where s.status <> 'none' and s.created_at <= ${at} and (s.cancelled_at is null or s.cancelled_at > ${at})`);
  return num(rows(r)[0]?.mrr);
}

/** The zone the series' days and months are counted in (as the rollup's days: analytics_day). */
const ZONE = PLATFORM_TIME_ZONE;

/**
 * Day buckets up to two months, month buckets beyond, each starting at midnight in the platform's time zone (so a
 * day across a daylight-saving change lasts 23 or 25 hours).
 */
export function bucketStarts(range: AnalyticsRange): { unit: 'day' | 'month'; starts: Date[] } {
  const days = (range.to.getTime() - range.from.getTime()) / 86_400_000;
  const unit = days <= 62 ? 'day' : 'month';
  let cur = unit === 'day' ? floorDay(range.from) : floorMonth(range.from);
  const starts: Date[] = [];
  while (cur < range.to) {
    starts.push(cur);
    cur = unit === 'day' ? nextDay(cur) : nextMonth(cur);
  }
  return { unit, starts };
}

/**
 * MRR at the end of each series point, in one pass over the subscriptions (not one per point): each subscription
 * adds its monthly price when it starts and takes it away when it ends (never before it started), and a point's MRR
 * is the running sum of those changes up to its end, changes at that very moment included, so it is exactly "started
 * at or before it and not cancelled at or before it" (mrrAt).
 */
async function mrrSeries(db: Db, range: AnalyticsRange, starts: Date[]) {
  if (starts.length === 0) return new Map<string, number>();
  const list = (dates: Date[]) => `{${dates.map((d) => d.toISOString()).join(',')}}`;
  // A point ends where the next begins (the zone's next midnight or month), the last one at the range's end.
  const stops = starts.map((_, i) => starts[i + 1] ?? range.to);
  const r = rows(
    await db.execute(sql`
      with b as (
        select s as start, least(e, ${range.to}::timestamptz) as stop
        from unnest(${list(starts)}::timestamptz[], ${list(stops)}::timestamptz[]) as t(s, e)
      ),
      changes as (
        select s.created_at as at, (${MONTHLY})::bigint as delta
        from subscriptions s join plans p on p.id = s.plan_id
        where s.status <> 'none' and s.created_at <= ${range.to}
        union all
        select greatest(s.created_at, s.cancelled_at), -(${MONTHLY})::bigint
        from subscriptions s join plans p on p.id = s.plan_id
        where s.status <> 'none' and s.cancelled_at is not null and greatest(s.created_at, s.cancelled_at) <= ${range.to}
      ),
      merged as (
        select stop as at, 1 as is_stop, 0::bigint as delta, start from b
        union all
        select at, 0, delta, null from changes
      )
      select start, running as mrr from (
        select start, is_stop, sum(delta) over (order by at, is_stop rows unbounded preceding) as running from merged
      ) m
      where is_stop = 1`),
  );
  return new Map(r.map((p) => [new Date(String(p.start)).toISOString(), num(p.mrr)]));
}

/** Rows of `query` counted up to EXACT_COUNT_LIMIT + 1: whether a figure over them is small enough to compute live. */
async function cappedCount(db: Db, query: SQL): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from (${query} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  return num(rows(r)[0]?.n);
}

/**
 * Open invoices due before `at`: their amount, count and accounts, from the partial index invoices_open_due_idx.
 * Thousands of them are possible on a large platform, so above EXACT_COUNT_LIMIT they follow the large-figure rule.
 */
async function pastDueAt(db: Db, at: Date, key: string) {
  return largeFigures(
    key,
    () => cappedCount(db, sql`select 1 from invoices where status = 'open' and due_at < ${at}`),
    async () => {
      const r = rows(
        await db.execute(sql`
          select coalesce(sum(total_cents), 0)::bigint as cents, count(*) as invoices, count(distinct user_id) as accounts
          from invoices where status = 'open' and due_at < ${at}`),
      )[0];
      return { cents: num(r?.cents), invoices: num(r?.invoices), accounts: num(r?.accounts) };
    },
  );
}

const EMPTY = { cents: 0, invoices: 0 };
/** The most store/kind pairs the mail volume lists (a platform can have thousands of stores). */
export const MAIL_VOLUME_ROWS = 20;

/** The summary for a range: one computation per range at a time, however many ask at once (sharedComputations). */
export function analyticsSummary(db: Db, range: AnalyticsRange): Promise<AnalyticsSummary> {
  return sharedSummaries(`${range.from.toISOString()}|${range.to.toISOString()}`, () => computeSummary(db, range));
}

async function computeSummary(db: Db, range: AnalyticsRange) {
  const { from, to } = range;
  const previousFrom = new Date(from.getTime() - (to.getTime() - from.getTime()));
  const { unit, starts } = bucketStarts(range);
  // Sums over facts (revenue, shipments, refunds, mail, issuers) come from the daily rollup plus live edges
  // (rollup.ts); subscription figures, past due and turnaround are live queries over small or indexed sets.
  const [daily, mrr, previousMrr, subsRows, reactivatedRows, pastDueRows, turnaroundRows, mrrByPoint] =
    await Promise.all([
      rangeRows(db, from, to),
      mrrAt(db, to),
      mrrAt(db, from),
      db.execute(sql`
        select
          count(*) filter (where s.created_at >= ${from} and s.created_at < ${to}) as new,
          count(*) filter (where s.created_at <= ${from} and s.cancelled_at > ${from} and s.cancelled_at < ${to}) as churned
        from subscriptions s where s.status <> 'none'`),
      // Reactivated: a customer whose lapsed (past-due) subscription was brought back by a paid reinstatement.
      db.execute(sql`
        select count(distinct user_id) as n from invoices
        where category = 'reinstatement' and status = 'paid' and paid_at >= ${from} and paid_at < ${to}`),
      pastDueAt(db, to, `analytics:pastDue:${to.toISOString()}`),
      db.execute(sql`
        select st.name as store, count(*) as n,
          percentile_cont(0.5) within group (order by extract(epoch from r.completed_at - r.created_at)) / 3600 as median_hours,
          percentile_cont(0.9) within group (order by extract(epoch from r.completed_at - r.created_at)) / 3600 as p90_hours
        from mail_requests r join stores st on st.id = r.store_id
        where r.status = 'completed' and r.completed_at >= ${from} and r.completed_at < ${to}
        group by st.name order by st.name`),
      mrrSeries(db, range, starts),
    ]);

  const byBucket = new Map<string, { cents: number; invoices: number }>();
  const shipments = { count: 0, savings: 0, margin: 0 };
  const refunds = { cents: 0, count: 0 };
  const issuers = new Map<string, number>();
  const mail = new Map<string, number>();
  const revenueByDay = new Map<string, number>();
  for (const r of daily) {
    if (r.metric === 'revenue') {
      const b = byBucket.get(r.dim) ?? { cents: 0, invoices: 0 };
      byBucket.set(r.dim, { cents: b.cents + r.a, invoices: b.invoices + r.n });
      revenueByDay.set(r.day, (revenueByDay.get(r.day) ?? 0) + r.a);
    } else if (r.metric === 'shipments') {
      shipments.count += r.n;
      shipments.savings += r.a;
      shipments.margin += r.b;
    } else if (r.metric === 'refunds') {
      refunds.count += r.n;
      refunds.cents += r.a;
    } else if (r.metric === 'issuer') {
      issuers.set(r.dim, (issuers.get(r.dim) ?? 0) + r.a);
    } else if (r.metric === 'mail') {
      mail.set(r.dim, (mail.get(r.dim) ?? 0) + r.n);
    }
  }

  const revenueByCategory = [
    { category: 'subscriptions', ...(byBucket.get('subscriptions') ?? EMPTY) },
    { category: 'fees', ...(byBucket.get('fees') ?? EMPTY) },
    { category: 'forwards', ...(byBucket.get('forwards') ?? EMPTY) },
    { category: 'shipping_margin', cents: shipments.margin, invoices: shipments.count },
  ];
  const grossCents = revenueByCategory.reduce((sum, r) => sum + r.cents, 0);

  // Top sub-admins: the issuers with the most paid revenue that are sub-admins. A platform has thousands of issuers:
  // the roles of the 50 largest (and any tied with the 50th) are read first, and all only when fewer than ten of them
  // are sub-admins; anyone outside them has less revenue than ten sub-admins inside, so the answer is the same.
  const byRevenue = [...issuers.entries()].sort((a, b) => b[1] - a[1]);
  const cutoff = byRevenue[49]?.[1] ?? -Infinity;
  const subAdminsAmong = async (ids: string[]) =>
    ids.length
      ? rows(
          await db.execute(sql`
            select id::text as id, email from users
            where role_code = 'SUB_ADMIN' and id = any(${`{${ids.join(',')}}`}::uuid[])`),
        )
      : [];
  const largest = byRevenue.filter(([, cents]) => cents >= cutoff).map(([id]) => id);
  let subAdmins = await subAdminsAmong(largest);
  if (subAdmins.length < 10 && largest.length < byRevenue.length) {
    subAdmins = await subAdminsAmong(byRevenue.map(([id]) => id));
  }
  const topSubAdmins = subAdmins
    .map((u) => ({ userId: String(u.id), email: String(u.email), cents: issuers.get(String(u.id)) ?? 0 }))
    .sort((a, b) => b.cents - a.cents || a.email.localeCompare(b.email))
    .slice(0, 10);

  const topMail = [...mail.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAIL_VOLUME_ROWS);
  const storeIds = [...new Set(topMail.map(([dim]) => dim.split(':')[0]!))];
  const storeNames = new Map(
    storeIds.length
      ? rows(
          await db.execute(
            sql`select id::text as id, name from stores where id = any(${`{${storeIds.join(',')}}`}::uuid[])`,
          ),
        ).map((r) => [String(r.id), String(r.name)])
      : [],
  );
  const mailVolume = topMail
    .map(([dim, count]) => {
      const [storeId = '', kind = ''] = dim.split(':');
      return { kind, store: storeNames.get(storeId) ?? 'Unknown store', count };
    })
    .sort((a, b) => a.store.localeCompare(b.store) || a.kind.localeCompare(b.kind));

  // Each day's revenue goes to the point holding that day: points start at local midnights, so comparing the days'
  // keys (YYYY-MM-DD) places them without turning each day back into an instant. A day counts while its midnight
  // is before the range's end.
  const pointKeys = starts.map(dayKey);
  const lastKey = dayKey(to);
  const endsAtMidnight = floorDay(to).getTime() === to.getTime();
  const revenueByPoint = new Array<number>(starts.length).fill(0);
  for (const [day, cents] of revenueByDay) {
    if (day > lastKey || (endsAtMidnight && day === lastKey)) continue;
    let i = pointKeys.length - 1;
    while (i >= 0 && pointKeys[i]! > day) i -= 1;
    if (i >= 0) revenueByPoint[i]! += cents;
  }
  const points = starts.map((start, i) => ({
    start: start.toISOString(),
    revenueCents: revenueByPoint[i]!,
    mrrCents: mrrByPoint.get(start.toISOString()) ?? 0,
  }));

  const subs = rows(subsRows)[0];
  return {
    timeZone: ZONE,
    from: from.toISOString(),
    to: to.toISOString(),
    previousFrom: previousFrom.toISOString(),
    mrrCents: mrr,
    previousMrrCents: previousMrr,
    mrrChangeCents: mrr - previousMrr,
    newSubscriptions: num(subs?.new),
    churnedSubscriptions: num(subs?.churned),
    reactivatedSubscriptions: num(rows(reactivatedRows)[0]?.n),
    revenueByCategory,
    postageCollectedCents: byBucket.get('postage')?.cents ?? 0,
    refunds,
    netRevenueCents: grossCents - refunds.cents,
    series: { unit, points },
    pastDue: pastDueRows,
    shipments: { count: shipments.count, customerSavingsCents: shipments.savings },
    mailVolume,
    requestTurnaround: rows(turnaroundRows).map((r) => ({
      store: String(r.store),
      completed: num(r.n),
      medianHours: Math.round(num(r.median_hours) * 10) / 10,
      p90Hours: Math.round(num(r.p90_hours) * 10) / 10,
    })),
    topSubAdmins,
  };
}

export type AnalyticsSummary = Awaited<ReturnType<typeof computeSummary>>;
const sharedSummaries = sharedComputations<AnalyticsSummary>();

/** The summary as one CSV: section, label, value rows (amounts in dollars). */
export function summaryCsv(s: AnalyticsSummary): string {
  const d = (c: number) => (c / 100).toFixed(2);
  const out: CsvCell[][] = [['section', 'label', 'value']];
  out.push(['range', 'from', s.from], ['range', 'to', s.to], ['range', 'time zone', s.timeZone]);
  out.push(['mrr', 'MRR (USD)', d(s.mrrCents)], ['mrr', 'Change (USD)', d(s.mrrChangeCents)]);
  out.push(
    ['subscriptions', 'New', s.newSubscriptions],
    ['subscriptions', 'Churned', s.churnedSubscriptions],
    ['subscriptions', 'Reactivated', s.reactivatedSubscriptions],
  );
  for (const r of s.revenueByCategory) out.push(['revenue (USD)', r.category, d(r.cents)]);
  out.push(['revenue (USD)', 'refunds', d(-s.refunds.cents)], ['revenue (USD)', 'net', d(s.netRevenueCents)]);
  out.push(['revenue (USD)', 'postage collected (passed to carriers)', d(s.postageCollectedCents)]);
  for (const p of s.series.points) {
    const label = dayKeyIn(new Date(p.start), s.timeZone);
    out.push([`${s.series.unit} revenue (USD)`, label, d(p.revenueCents)]);
    out.push([`${s.series.unit} MRR (USD)`, label, d(p.mrrCents)]);
  }
  out.push(['past due', 'Amount (USD)', d(s.pastDue.cents)], ['past due', 'Accounts', s.pastDue.accounts]);
  out.push(
    ['shipments', 'Count', s.shipments.count],
    ['shipments', 'Customer savings (USD)', d(s.shipments.customerSavingsCents)],
  );
  for (const m of s.mailVolume) out.push(['mail volume', `${m.store} / ${m.kind}`, m.count]);
  for (const t of s.requestTurnaround) {
    out.push(['turnaround median (h)', t.store, t.medianHours], ['turnaround p90 (h)', t.store, t.p90Hours]);
  }
  for (const t of s.topSubAdmins) out.push(['top sub-admins (USD)', t.email, d(t.cents)]);
  return toCsv(out);
}

/**
 * The super admin dashboard's live figures: one computation at a time however many ask (sharedComputations). The
 * counts over sets that can hold a million rows (active customers, applications waiting, past due) follow the
 * large-figure rule (db/large-figures.ts); the rest reads small sets or an index's first rows.
 */
export function superAdminDashboard(db: Db, now: Date): Promise<SuperAdminDashboard> {
  return sharedDashboards('super-admin', () => computeSuperAdminDashboard(db, now));
}

const ACTIVE_CUSTOMERS = sql`
  select 1 from subscriptions s join users u on u.id = s.user_id where u.role_code = 'USER' and s.status = 'active'`;
const PENDING_APPLICATIONS = sql`
  select 1 from profiles where mailbox_status = 'pending' or shipment_status = 'pending'`;

/** A count under the large-figure rule. */
function largeCount(db: Db, key: string, query: SQL): Promise<number> {
  return largeFigures(
    key,
    () => cappedCount(db, query),
    async () => num(rows(await db.execute(sql`select count(*) as n from (${query}) as counted`))[0]?.n),
  );
}

async function computeSuperAdminDashboard(db: Db, now: Date) {
  const [mrrCents, activeCustomers, pendingApplications, pastDue, ageRows, auditRows] = await Promise.all([
    mrrAt(db, now),
    largeCount(db, 'dashboard:activeCustomers', ACTIVE_CUSTOMERS),
    largeCount(db, 'dashboard:pendingApplications', PENDING_APPLICATIONS),
    pastDueAt(db, now, 'dashboard:pastDue'),
    db.execute(sql`
      select
        count(*) filter (where created_at > ${now}::timestamptz - interval '1 day') as under_1d,
        count(*) filter (where created_at <= ${now}::timestamptz - interval '1 day' and created_at > ${now}::timestamptz - interval '3 days') as d1_3,
        count(*) filter (where created_at <= ${now}::timestamptz - interval '3 days' and created_at > ${now}::timestamptz - interval '7 days') as d3_7,
        count(*) filter (where created_at <= ${now}::timestamptz - interval '7 days') as over_7d
      from mail_requests where status in ('requested', 'in_progress', 'quote_pending')`),
    db.execute(sql`
      select a.id, a.action, a.created_at, u.email as actor
      from audit_log a left join users u on u.id = a.actor_user_id
      order by a.created_at desc limit 5`),
  ]);
  const age = rows(ageRows)[0];
  const audit = rows(auditRows).map((r) => ({
    id: String(r.id),
    action: String(r.action),
    at: new Date(String(r.created_at)).toISOString(),
    actor: r.actor === null ? null : String(r.actor),
  }));
  return {
    mrrCents,
    activeCustomers,
    pendingApplications,
    pastDueAccounts: pastDue.accounts,
    pastDueCents: pastDue.cents,
    openRequestsByAge: [
      { bucket: 'Under 1 day', count: num(age?.under_1d) },
      { bucket: '1–3 days', count: num(age?.d1_3) },
      { bucket: '3–7 days', count: num(age?.d3_7) },
      { bucket: 'Over 7 days', count: num(age?.over_7d) },
    ],
    recentAudit: audit,
  };
}

type SuperAdminDashboard = Awaited<ReturnType<typeof computeSuperAdminDashboard>>;
const sharedDashboards = sharedComputations<SuperAdminDashboard>();
