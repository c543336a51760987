-- The analytics rollup reads invoices.total_cents and transactions.amount_cents: PostgreSQL cannot change the type of
-- a column a view uses, so the view is dropped here and made again below, unpopulated (the next refresh fills it;
-- until then every figure is read live).
DROP MATERIALIZED VIEW IF EXISTS "analytics_daily";--> statement-breakpoint
DELETE FROM "analytics_refresh";--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"request_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"payload" jsonb NOT NULL,
	"acquired" jsonb,
	"released_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"result" jsonb,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_intents_status_check" CHECK ("payment_intents"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_intents_amount_check" CHECK ("payment_intents"."amount_cents" >= 0 and "payment_intents"."card_cents" >= 0 and "payment_intents"."card_cents" <= "payment_intents"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "gross_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "refund_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "payout_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "scan_balances" ALTER COLUMN "topup_scans" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "mail_requests" ALTER COLUMN "paid_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "mail_requests" ALTER COLUMN "refund_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "mail_requests" ALTER COLUMN "refund_credited_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipping_accounts" ALTER COLUMN "credit_limit_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipping_accounts" ALTER COLUMN "credit_balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paying_intent_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "intent_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_request" jsonb;--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "intake_key" text;--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "intake_hash" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_request_key" ON "payment_intents" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "payment_intents_user_created_idx" ON "payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_pending_idx" ON "payment_intents" USING btree ("updated_at") WHERE "payment_intents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_intents_unreleased_idx" ON "payment_intents" USING btree ("updated_at") WHERE "payment_intents"."status" = 'failed' and "payment_intents"."acquired" is not null and "payment_intents"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_provider_records_kind_key" ON "sandbox_provider_records" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "transactions_intent_idx" ON "transactions" USING btree ("intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_mailbox_intake_key" ON "mail_items" USING btree ("mailbox_id","intake_key");
--> statement-breakpoint
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
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" ("metric", "day", "dim");--> statement-breakpoint
-- Payouts read a label's margin from its invoice line (recorded at sale time from now on). Existing lines get it
-- from the shipment they name: the line's description carries the shipment's public id.
UPDATE "invoices" i SET "lines" = (
  SELECT jsonb_agg(
    CASE WHEN s.id IS NULL THEN l.value
    ELSE l.value || jsonb_build_object(
      'marginCents', greatest(0, (s.breakdown->>'priceCents')::bigint - (s.breakdown->>'costCents')::bigint),
      'ref', s.id::text)
      || CASE WHEN s.voided_at IS NOT NULL THEN jsonb_build_object('voided', true) ELSE '{}'::jsonb END
    END ORDER BY l.ordinality)
  FROM jsonb_array_elements(i.lines) WITH ORDINALITY AS l(value, ordinality)
  LEFT JOIN LATERAL (
    SELECT sh.id, sh.breakdown, sh.voided_at FROM "shipments" sh
    WHERE sh.breakdown IS NOT NULL AND position(sh.unique_id IN l.value->>'description') > 0
      AND (sh.invoice_id = i.id OR EXISTS (
        SELECT 1 FROM "shipment_invoice_lines" sil WHERE sil.shipment_id = sh.id AND sil.invoice_id = i.id))
    LIMIT 1
  ) s ON true
)
WHERE i.category = 'shipment' AND jsonb_array_length(i.lines) > 0;