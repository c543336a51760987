CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"disabled_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credentials_sealed" text,
	"credentials_hint" text,
	"last_tested_at" timestamp with time zone,
	"last_test_ok" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_configs_provider_key" UNIQUE("provider")
);
--> statement-breakpoint
CREATE TABLE "margin_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"carrier" text,
	"service" text,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_discounts_scope_key" UNIQUE NULLS NOT DISTINCT("kind","user_id","carrier","service"),
	CONSTRAINT "margin_discounts_kind_check" CHECK ("margin_discounts"."kind" in ('markup', 'discount')),
	CONSTRAINT "margin_discounts_type_check" CHECK ("margin_discounts"."type" in ('AMOUNT', 'PERCENTAGE')),
	CONSTRAINT "margin_discounts_value_check" CHECK ("margin_discounts"."value" >= 0),
	CONSTRAINT "margin_discounts_discount_has_user" CHECK (("margin_discounts"."kind" = 'discount') = ("margin_discounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "package_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"package_type" text NOT NULL,
	"dimension" jsonb NOT NULL,
	"weight" jsonb NOT NULL,
	"weight_units" text NOT NULL,
	"number_of_packages" integer DEFAULT 1 NOT NULL,
	"insurance_declared" integer,
	"content_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"provider" text NOT NULL,
	"address" jsonb NOT NULL,
	"pickup_date" date NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"shipment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_count" integer NOT NULL,
	"instructions" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"confirmation" text,
	"provider_pickup_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_status_check" CHECK ("pickups"."status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipment_invoice_lines" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"category" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"markup_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"retail_cents" integer NOT NULL,
	"transit_days" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"provider_ref" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "shipment_rates_price_not_below_cost" CHECK ("shipment_rates"."price_cents" >= "shipment_rates"."cost_cents")
);
--> statement-breakpoint
CREATE TABLE "shipping_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"credit_balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_accounts_limit_check" CHECK ("shipping_accounts"."credit_limit_cents" >= 0),
	CONSTRAINT "shipping_accounts_balance_check" CHECK ("shipping_accounts"."credit_balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sender" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"packages" jsonb NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"quote" jsonb,
	"quoted_by" uuid,
	"quoted_at" timestamp with time zone,
	"shipment_id" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_requests_status_check" CHECK ("shipping_requests"."status" in ('pending', 'quoted', 'accepted', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_status_check";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rate_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "provider_shipment_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "customs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "receiver_name" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "refund_to" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "next_tracking_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "last_tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_discounts" ADD CONSTRAINT "margin_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_presets" ADD CONSTRAINT "package_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_invoice_lines" ADD CONSTRAINT "shipment_invoice_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_invoice_lines" ADD CONSTRAINT "shipment_invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_quotes" ADD CONSTRAINT "shipment_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_rates" ADD CONSTRAINT "shipment_rates_quote_id_shipment_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."shipment_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_accounts" ADD CONSTRAINT "shipping_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_default_created_idx" ON "addresses" USING btree ("user_id","is_default","created_at");--> statement-breakpoint
CREATE INDEX "addresses_user_name_pattern_idx" ON "addresses" USING btree ("user_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "margin_discounts_user_idx" ON "margin_discounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "package_presets_user_created_idx" ON "package_presets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_presets_user_name_pattern_idx" ON "package_presets" USING btree ("user_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pickups_user_date_idx" ON "pickups" USING btree ("user_id","pickup_date");--> statement-breakpoint
CREATE INDEX "shipment_invoice_lines_invoice_idx" ON "shipment_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "shipment_quotes_user_created_idx" ON "shipment_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_rates_quote_sort_idx" ON "shipment_rates" USING btree ("quote_id","sort_order");--> statement-breakpoint
CREATE INDEX "shipping_requests_user_created_idx" ON "shipping_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_requests_status_created_idx" ON "shipping_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_user_status_created_at_idx" ON "shipments" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_user_carrier_created_at_idx" ON "shipments" USING btree ("user_id","carrier","created_at");--> statement-breakpoint
CREATE INDEX "shipments_carrier_created_at_idx" ON "shipments" USING btree ("carrier","created_at");--> statement-breakpoint
CREATE INDEX "shipments_receiver_name_pattern_idx" ON "shipments" USING btree ("receiver_name" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_user_idempotency_key" ON "shipments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shipments_next_tracking_at_idx" ON "shipments" USING btree ("next_tracking_at") WHERE "shipments"."next_tracking_at" is not null;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('draft', 'label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'cancelled', 'voided'));