CREATE TABLE "tracking_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "tracking_webhook_events" ADD CONSTRAINT "tracking_webhook_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_requests_created_id_idx" ON "shipping_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('new_mail', 'scan_ready', 'request_completed', 'quote_changed', 'fees_soon', 'shipment_update'));