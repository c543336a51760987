CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"attachment_key" text,
	"attachment_content_type" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"validity" text NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"number_of_stores" integer,
	"number_of_mailboxes" integer,
	"additional_fee" jsonb NOT NULL,
	"penalty_fee" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_audience_check" CHECK ("plans"."audience" in ('customer', 'sub_admin')),
	CONSTRAINT "plans_validity_check" CHECK ("plans"."validity" in ('month', 'year', 'topup')),
	CONSTRAINT "plans_status_check" CHECK ("plans"."status" in ('active', 'archived')),
	CONSTRAINT "plans_currency_check" CHECK ("plans"."currency" in ('usd')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" >= 0),
	CONSTRAINT "plans_scan_count_check" CHECK ("plans"."scan_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"raw" jsonb NOT NULL,
	"occurred_at" timestamp with time zone,
	"description" text NOT NULL,
	"city" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_shipment_occurred_description_key" UNIQUE NULLS NOT DISTINCT("shipment_id","occurred_at","description")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unique_id" text NOT NULL,
	"user_id" uuid,
	"sender" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carrier" text NOT NULL,
	"carrier_service" text,
	"carrier_tracking_number" text,
	"shipment_details" jsonb NOT NULL,
	"arrival_preferences" jsonb,
	"list_price_cents" integer,
	"price_cents" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pay_later" boolean DEFAULT false NOT NULL,
	"invoice_id" uuid,
	"label_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('draft', 'label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'cancelled')),
	CONSTRAINT "shipments_price_check" CHECK ("shipments"."price_cents" is null or "shipments"."price_cents" >= 0),
	CONSTRAINT "shipments_list_price_check" CHECK ("shipments"."list_price_cents" is null or "shipments"."list_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_unhandled_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_lower_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created_at_idx" ON "newsletter_subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "faqs_published_sort_idx" ON "faqs" USING btree ("sort_order","created_at","id") WHERE "faqs"."is_published";--> statement-breakpoint
CREATE INDEX "faqs_sort_idx" ON "faqs" USING btree ("sort_order","created_at","id");--> statement-breakpoint
CREATE INDEX "plans_owner_audience_status_idx" ON "plans" USING btree ("owner_user_id","audience","status","validity","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_unique_id_upper_key" ON "shipments" USING btree (upper("unique_id"));--> statement-breakpoint
CREATE INDEX "shipments_carrier_tracking_number_upper_idx" ON "shipments" USING btree (upper("carrier_tracking_number"));--> statement-breakpoint
CREATE INDEX "shipments_user_id_created_at_idx" ON "shipments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_status_created_at_idx" ON "shipments" USING btree ("status","created_at");