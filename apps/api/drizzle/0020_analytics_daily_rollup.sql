-- Analytics & Reports at scale (issue 14): per-UTC-day (and, for high-cardinality dimensions, per-month) aggregates of the facts the page sums, refreshed by a job
-- (modules/analytics/rollup.ts). The page reads whole days before the last refresh from here and the rest live.
CREATE MATERIALIZED VIEW "analytics_daily" AS
  SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, 'revenue'::text AS metric,
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
  -- Issuers and mail by store have thousands of values: rolled up by month (day = the month's first day).
  SELECT date_trunc('month', paid_at AT TIME ZONE 'UTC')::date, 'issuer_month', issuer_user_id::text, count(*),
    sum(total_cents), 0
  FROM invoices WHERE status = 'paid' AND paid_at IS NOT NULL AND issuer_user_id IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'shipments', '', count(*),
    coalesce(sum(greatest(list_price_cents - price_cents, 0))
      FILTER (WHERE list_price_cents IS NOT NULL AND price_cents IS NOT NULL), 0)::bigint,
    coalesce(sum((breakdown->>'priceCents')::int - (breakdown->>'costCents')::int)
      FILTER (WHERE breakdown IS NOT NULL), 0)::bigint
  FROM shipments WHERE status <> 'draft' AND voided_at IS NULL GROUP BY 1, 2, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'refunds', '', count(*), sum(amount_cents), 0
  FROM transactions WHERE kind = 'refund' AND status = 'succeeded' GROUP BY 1, 2, 3
  UNION ALL
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, 'mail_month', store_id::text || ':' || kind,
    count(*), 0, 0
  FROM mail_items GROUP BY 1, 2, 3
WITH NO DATA;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" ("metric", "day", "dim");
--> statement-breakpoint
CREATE TABLE "analytics_refresh" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" ("due_at") INCLUDE ("total_cents", "user_id") WHERE "status" = 'open';
