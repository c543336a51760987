CREATE TABLE "shipment_batch_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"service" text,
	"request" jsonb,
	"receiver" jsonb,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text,
	"quote_id" uuid,
	"rate_id" uuid,
	"carrier" text,
	"carrier_service" text,
	"price_cents" integer,
	"delivery_date" text,
	"shipment_id" uuid,
	"tracking_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_batch_rows_batch_row_unique" UNIQUE("batch_id","row_number"),
	CONSTRAINT "shipment_batch_rows_status_check" CHECK ("shipment_batch_rows"."status" in ('pending', 'valid', 'invalid', 'bought', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shipment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'rating' NOT NULL,
	"file_name" text,
	"sender" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"payment" text,
	"purchase_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_batches_status_check" CHECK ("shipment_batches"."status" in ('rating', 'ready', 'purchasing', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "shipment_batch_rows" ADD CONSTRAINT "shipment_batch_rows_batch_id_shipment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shipment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_batches" ADD CONSTRAINT "shipment_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_batch_rows_batch_status_idx" ON "shipment_batch_rows" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "shipment_batches_user_created_idx" ON "shipment_batches" USING btree ("user_id","created_at","id");