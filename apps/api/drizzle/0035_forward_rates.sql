CREATE TABLE "mail_forward_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_item_id" uuid NOT NULL,
	"item_ids" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"kind" text NOT NULL,
	"rate" jsonb,
	"postage_cents" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"signature_postage_cents" integer NOT NULL,
	"signature_cost_cents" integer NOT NULL,
	"handling_cents" integer NOT NULL,
	"consolidation_cents" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_forward_rates_kind_check" CHECK ("mail_forward_rates"."kind" in ('live', 'formula'))
);
--> statement-breakpoint
ALTER TABLE "mail_requests" ADD COLUMN "forward_rate" jsonb;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_forward_rates" ADD CONSTRAINT "mail_forward_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forward_rates" ADD CONSTRAINT "mail_forward_rates_mail_item_id_mail_items_id_fk" FOREIGN KEY ("mail_item_id") REFERENCES "public"."mail_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_forward_rates_item_created_idx" ON "mail_forward_rates" USING btree ("mail_item_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;