CREATE TABLE "scan_form_shipments" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"scan_form_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"carrier" text NOT NULL,
	"provider" text NOT NULL,
	"from_address" jsonb NOT NULL,
	"address_key" text NOT NULL,
	"ship_date" date NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"provider_form_id" text,
	"file_key" text,
	"tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipment_ids" uuid[] NOT NULL,
	"package_count" integer NOT NULL,
	"request_key" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_forms_status_check" CHECK ("scan_forms"."status" in ('creating', 'created'))
);
--> statement-breakpoint
ALTER TABLE "scan_form_shipments" ADD CONSTRAINT "scan_form_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_form_shipments" ADD CONSTRAINT "scan_form_shipments_scan_form_id_scan_forms_id_fk" FOREIGN KEY ("scan_form_id") REFERENCES "public"."scan_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_forms" ADD CONSTRAINT "scan_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_form_shipments_scan_form_idx" ON "scan_form_shipments" USING btree ("scan_form_id");--> statement-breakpoint
CREATE INDEX "scan_forms_user_created_at_idx" ON "scan_forms" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scan_forms_created_at_idx" ON "scan_forms" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_forms_user_request_key" ON "scan_forms" USING btree ("user_id","request_key");