ALTER TABLE "shipments" ADD COLUMN "parcel_tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_of_shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insured_cents" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_of_shipment_id_shipments_id_fk" FOREIGN KEY ("return_of_shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_parcel_tracking_numbers_idx" ON "shipments" USING gin ("parcel_tracking_numbers");