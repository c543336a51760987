ALTER TABLE "mail_items" ADD COLUMN "envelope_text" text;--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "scan_text" text;--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "recognised_text_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(envelope_text, '') || ' ' || coalesce(scan_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "mail_items_recognised_text_search_idx" ON "mail_items" USING gin ("recognised_text_search");