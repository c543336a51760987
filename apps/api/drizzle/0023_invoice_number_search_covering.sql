DROP INDEX "invoices_number_pattern_idx";--> statement-breakpoint
CREATE INDEX "invoices_number_pattern_idx" ON "invoices" USING btree (lower("number") text_pattern_ops,"number","created_at");