CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"invoice_id" uuid,
	"transaction_id" uuid,
	"amount_micro" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_lines_category_check" CHECK ("payout_lines"."category" in ('subscription', 'mailbox_fee', 'forward', 'shipping_margin', 'refund', 'provider_fee', 'platform_share'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_admin_user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"gross_cents" integer NOT NULL,
	"refund_cents" integer NOT NULL,
	"provider_fee_micro" bigint NOT NULL,
	"share_basis_points" integer NOT NULL,
	"platform_share_micro" bigint NOT NULL,
	"carry_in_micro" bigint DEFAULT 0 NOT NULL,
	"carry_out_micro" bigint DEFAULT 0 NOT NULL,
	"payout_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'approved', 'paid')),
	CONSTRAINT "payouts_paid_reference_check" CHECK ("payouts"."status" <> 'paid' or "payouts"."reference" is not null),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."payout_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "payout_share_basis_points" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sub_admin_user_id_users_id_fk" FOREIGN KEY ("sub_admin_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_lines_payout_idx" ON "payout_lines" USING btree ("payout_id","category","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_sub_admin_period_key" ON "payouts" USING btree ("sub_admin_user_id","period_start");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("period_start","id");--> statement-breakpoint
CREATE INDEX "payouts_status_period_idx" ON "payouts" USING btree ("status","period_start","id");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_payout_share_check" CHECK ("plans"."payout_share_basis_points" between 0 and 10000);