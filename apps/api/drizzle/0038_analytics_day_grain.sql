-- The day a fact counts on, in one place: the rollup below and the live queries of rollup.ts both call it, so a later
-- per-store time zone changes this function (and its callers' arguments), not each query. Today: the UTC day.
CREATE OR REPLACE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
-- Issuers and mail by store and kind get day rows too (besides their month rows): a range then reads whole months
-- from the month rows, the whole days of a partial month from the day rows, and only the hours since the start of
-- the last refresh's day live, instead of the whole current month. Dropped and made again unpopulated (the next
-- refresh fills it; until then every figure is read live).
DROP MATERIALIZED VIEW IF EXISTS "analytics_daily";
--> statement-breakpoint
DELETE FROM "analytics_refresh";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "analytics_daily" AS
  SELECT analytics_day(paid_at) AS day, 'revenue'::text AS metric,
    CASE
      WHEN category IN ('subscription', 'topup', 'reinstatement') THEN 'subscriptions'
      WHEN category = 'shipment' THEN 'postage'
      WHEN category = 'mail_request' AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(lines) l WHERE l->>'description' ILIKE '%forward%') THEN 'forwards'
      ELSE 'fees'
    END AS dim,
    count(*)::bigint AS n, sum(total_cents)::bigint AS a, 0::bigint AS b
  FROM invoices WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT analytics_day(paid_at), 'issuer', issuer_user_id::text, count(*), sum(total_cents), 0
  FROM invoices WHERE status = 'paid' AND paid_at IS NOT NULL AND issuer_user_id IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL
  -- Month rows (day = the month's first day) of the dimensions with thousands of values, for the whole months.
  SELECT date_trunc('month', analytics_day(paid_at))::date, 'issuer_month', issuer_user_id::text, count(*),
    sum(total_cents), 0
  FROM invoices WHERE status = 'paid' AND paid_at IS NOT NULL AND issuer_user_id IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT analytics_day(created_at), 'shipments', '', count(*),
    coalesce(sum(greatest(list_price_cents - price_cents, 0))
      FILTER (WHERE list_price_cents IS NOT NULL AND price_cents IS NOT NULL), 0)::bigint,
    coalesce(sum((breakdown->>'priceCents')::int - (breakdown->>'costCents')::int)
      FILTER (WHERE breakdown IS NOT NULL), 0)::bigint
  FROM shipments WHERE status <> 'draft' AND voided_at IS NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT analytics_day(created_at), 'refunds', '', count(*), sum(amount_cents), 0
  FROM transactions WHERE kind = 'refund' AND status = 'succeeded' GROUP BY 1, 2, 3
  UNION ALL
  SELECT analytics_day(created_at), 'mail', store_id::text || ':' || kind, count(*), 0, 0
  FROM mail_items GROUP BY 1, 2, 3
  UNION ALL
  SELECT date_trunc('month', analytics_day(created_at))::date, 'mail_month', store_id::text || ':' || kind,
    count(*), 0, 0
  FROM mail_items GROUP BY 1, 2, 3
WITH NO DATA;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" ("metric", "day", "dim");
