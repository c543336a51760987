import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ceilDay, ceilMonth, dayKey, floorDay, floorMonth } from './calendar';

/**
 * The rollup behind Analytics & Reports (migrations analytics_daily_rollup, analytics_day_grain): `analytics_daily`
 * holds per-day sums of paid revenue (by category bucket), shipments (count, customer savings, margin), refunds,
 * revenue by issuer and mail received by store and kind, and per-month sums of the last two (thousands of values
 * each, so a year reads twelve months of them rather than 365 days). A job refreshes it (`refreshAnalyticsRollup`);
 * a range is answered from the rollup for the whole days before the last refresh's day and from live queries for the
 * rest (`rangeRows`), so the page costs the same at a thousand rows or a million, and what happened since the last
 * refresh is never missing.
 */
export interface DailyRow {
  /** YYYY-MM-DD (the platform time zone's day); '' for issuer and mail rows, which are summed over the range. */
  day: string;
  metric: 'revenue' | 'issuer' | 'shipments' | 'refunds' | 'mail';
  dim: string;
  n: number;
  a: number;
  b: number;
}

type Raw = Record<string, unknown>;
const rowsOf = (r: unknown): Raw[] => (r as { rows: Raw[] }).rows;

/** How often the job refreshes the rollup. */
export const ROLLUP_REFRESH_MS = 10 * 60_000;
const ROLLUP_LOCK = 7_450_129_014;

/** When the rollup was last refreshed, or null (never: every figure is live). */
export async function rollupRefreshedAt(db: Db): Promise<Date | null> {
  const r = rowsOf(await db.execute(sql`select refreshed_at from analytics_refresh where id = 1`))[0];
  return r ? new Date(String(r.refreshed_at)) : null;
}

/**
 * Refreshes the rollup (one process at a time: an advisory lock; others skip). The refresh time is taken before the
 * refresh starts, so rows written during it count as "after the refresh" and are read live.
 */
export async function refreshAnalyticsRollup(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`))[0];
    if (!locked?.ok) return false;
    const populated = rowsOf(
      await tx.execute(sql`select ispopulated from pg_matviews where matviewname = 'analytics_daily'`),
    )[0];
    // The first refresh cannot be concurrent (the view holds no data yet).
    await tx.execute(
      populated?.ispopulated
        ? sql`refresh materialized view concurrently analytics_daily`
        : sql`refresh materialized view analytics_daily`,
    );
    await tx.execute(sql`
      insert into analytics_refresh (id, refreshed_at) values (1, ${now})
      on conflict (id) do update set refreshed_at = excluded.refreshed_at`);
    return true;
  });
}

/** Refreshes when the last refresh is older than ROLLUP_REFRESH_MS (the rollup runner asks every tick). */
export async function refreshRollupIfStale(db: Db, now: Date): Promise<boolean> {
  const at = await rollupRefreshedAt(db);
  if (at && now.getTime() - at.getTime() < ROLLUP_REFRESH_MS) return false;
  return refreshAnalyticsRollup(db, now);
}

/**
 * The day a fact counts on: the SQL function `analytics_day` (migration analytics_day_grain), the one place that
 * computes it for the rollup and for the live queries alike. Range bounds (floorDay, ceilDay: calendar.ts) are midnights
 * of the same zone to match it.
 */
const dayOf = (column: SQL) => sql`analytics_day(${column})`;

/** The day-grained sums (revenue, shipments, refunds) of [from, to), live. */
async function liveDailyRows(db: Db, from: Date, to: Date): Promise<DailyRow[]> {
  if (from >= to) return [];
  const r = rowsOf(
    await db.execute(sql`
      select ${dayOf(sql`paid_at`)}::text as day, 'revenue' as metric,
        case
          when category in ('subscription', 'topup', 'reinstatement') then 'subscriptions'
          when category = 'shipment' then 'postage'
          when category = 'mail_request' and exists (
            select 1 from jsonb_array_elements(lines) l where l->>'description' ilike '%forward%') then 'forwards'
          else 'fees'
        end as dim,
        count(*) as n, sum(total_cents) as a, 0 as b
      from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to} group by 1, 2, 3

      union all
      select ${dayOf(sql`created_at`)}::text, 'shipments', '', count(*),
        coalesce(sum(greatest(list_price_cents - price_cents, 0))
          filter (where list_price_cents is not null and price_cents is not null), 0),
        coalesce(sum((breakdown->>'priceCents')::int - (breakdown->>'costCents')::int)
          filter (where breakdown is not null), 0)
      from shipments where status <> 'draft' and voided_at is null and created_at >= ${from} and created_at < ${to}
      group by 1, 2, 3
      union all
      select ${dayOf(sql`created_at`)}::text, 'refunds', '', count(*), sum(amount_cents), 0
      from transactions where kind = 'refund' and status = 'succeeded' and created_at >= ${from} and created_at < ${to}
      group by 1, 2, 3
`),
  );
  return r.map(toDaily);
}

/** The range-summed sums (issuers, mail by store and kind) of [from, to), live. */
async function liveSummedRows(db: Db, from: Date, to: Date): Promise<DailyRow[]> {
  if (from >= to) return [];
  const r = rowsOf(
    await db.execute(sql`
      select '' as day, 'issuer' as metric, issuer_user_id::text as dim, count(*) as n, sum(total_cents) as a, 0 as b
      from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to} and issuer_user_id is not null
      group by 1, 2, 3
      union all
      select '', 'mail', store_id::text || ':' || kind, count(*), 0, 0
      from mail_items where created_at >= ${from} and created_at < ${to} group by 1, 2, 3`),
  );
  return r.map(toDaily);
}

function toDaily(r: Raw): DailyRow {
  return {
    day: String(r.day),
    metric: String(r.metric) as DailyRow['metric'],
    dim: String(r.dim),
    n: Number(r.n ?? 0),
    a: Number(r.a ?? 0),
    b: Number(r.b ?? 0),
  };
}

/** How a range splits between the rollup and live queries (see rangeRows). */
export interface RangeSplit {
  /** Whole days read from the rollup: [dayFrom, dayTo); empty when equal. */
  dayFrom: Date;
  dayTo: Date;
  /** Whole months inside them read from the month rows (issuers, mail): [monthFrom, monthTo); empty when equal. */
  monthFrom: Date;
  monthTo: Date;
}

/** The split of [from, to) for a rollup last refreshed at `refreshed`. */
export function splitRange(from: Date, to: Date, refreshed: Date): RangeSplit {
  const dayFrom = ceilDay(from);
  const dayTo = new Date(Math.max(dayFrom.getTime(), Math.min(floorDay(to).getTime(), floorDay(refreshed).getTime())));
  const monthFrom = ceilMonth(dayFrom);
  const monthTo = floorMonth(dayTo);
  return monthFrom < monthTo
    ? { dayFrom, dayTo, monthFrom, monthTo }
    : { dayFrom, dayTo, monthFrom: dayTo, monthTo: dayTo };
}

/** The rolled part of a range: the rollup's rows of its whole days (and months), summed as rangeRows answers them. */
async function rolledRows(db: Db, split: RangeSplit): Promise<DailyRow[]> {
  const { dayFrom, dayTo, monthFrom, monthTo } = split;
  const r = rowsOf(
    await db.execute(sql`
      select day::text as day, metric, dim, n, a, b from analytics_daily
      where metric in ('revenue', 'shipments', 'refunds')
        and day >= ${dayKey(dayFrom)}::date and day < ${dayKey(dayTo)}::date
      union all
      select '', metric, dim, sum(n), sum(a), sum(b) from (
        select case metric when 'issuer_month' then 'issuer' else 'mail' end as metric, dim, n, a, b
        from analytics_daily
        where metric in ('issuer_month', 'mail_month')
          and day >= ${dayKey(monthFrom)}::date and day < ${dayKey(monthTo)}::date
        union all
        select metric, dim, n, a, b from analytics_daily
        where metric in ('issuer', 'mail') and (
          (day >= ${dayKey(dayFrom)}::date and day < ${dayKey(monthFrom)}::date)
          or (day >= ${dayKey(monthTo)}::date and day < ${dayKey(dayTo)}::date))
      ) summed
      group by metric, dim`),
  );
  return r.map(toDaily);
}

/**
 * The rolled parts already summed, per split, for the last refresh seen: the rollup changes only when it is
 * refreshed (the refresh and its time commit together), so a range's rolled rows stand until the next refresh, in
 * every process alike. The first request for a range after a refresh sums them (once however many ask at once);
 * later ones only read the live edges. A refresh other than the one the kept sums were read under forgets them all.
 */
const ROLLED_CACHE_MAX_ENTRIES = 50;
/** Per database handle: a process serving one database has one; tests hold several at once. */
const rolledCaches = new WeakMap<Db, { refresh: string; sums: Map<string, Promise<DailyRow[]>> }>();

function rolledRowsCached(db: Db, split: RangeSplit, refreshed: Date): Promise<DailyRow[]> {
  let kept = rolledCaches.get(db);
  if (!kept || kept.refresh !== refreshed.toISOString()) {
    kept = { refresh: refreshed.toISOString(), sums: new Map() };
    rolledCaches.set(db, kept);
  }
  const rolledCache = kept.sums;
  const key = [split.dayFrom, split.dayTo, split.monthFrom, split.monthTo].map((d) => d.toISOString()).join('|');
  const cached = rolledCache.get(key);
  if (cached) return cached;
  if (rolledCache.size >= ROLLED_CACHE_MAX_ENTRIES) {
    const oldest = rolledCache.keys().next().value;
    if (oldest !== undefined) rolledCache.delete(oldest);
  }
  const summing = rolledRows(db, split);
  rolledCache.set(key, summing);
  // A failed read is not kept: the next request reads again.
  summing.catch(() => {
    if (rolledCache.get(key) === summing) rolledCache.delete(key);
  });
  return summing;
}

/**
 * The rows of [from, to). Whole days inside the range that ended before the last refresh's day come from the rollup
 * (issuers and mail by store/kind: whole months from the month rows, the other whole days from the day rows); the
 * edges (a range that starts or ends mid-day) and everything since the start of the refresh's day are read live.
 * Revenue, shipments and refunds answer one row per day and dimension; issuers and mail are summed over the range.
 */
export async function rangeRows(db: Db, from: Date, to: Date): Promise<DailyRow[]> {
  const refreshed = await rollupRefreshedAt(db);
  if (!refreshed) return [...(await liveDailyRows(db, from, to)), ...(await liveSummedRows(db, from, to))];
  const split = splitRange(from, to, refreshed);
  const rolled = split.dayFrom < split.dayTo;
  const parts = await Promise.all([
    rolled ? rolledRowsCached(db, split, refreshed) : [],
    rolled ? liveDailyRows(db, from, split.dayFrom) : liveDailyRows(db, from, to),
    rolled ? liveDailyRows(db, split.dayTo, to) : [],
    rolled ? liveSummedRows(db, from, split.dayFrom) : liveSummedRows(db, from, to),
    rolled ? liveSummedRows(db, split.dayTo, to) : [],
  ]);
  return parts.flat();
}

/** Asks every `intervalSeconds` whether the rollup is stale (server.ts; safe in every process, see refreshAnalyticsRollup). */
export function startRollupRunner(
  db: Db,
  now: () => Date,
  intervalSeconds: number,
  log: { info: (msg: string) => void; error: (obj: unknown, msg: string) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshRollupIfStale(db, now())
      .then((refreshed) => refreshed && log.info('analytics rollup refreshed'))
      .catch((err) => log.error({ err }, 'analytics rollup refresh failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
