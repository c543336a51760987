ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
DROP INDEX "stores_name_lower_idx";--> statement-breakpoint
DROP INDEX "stores_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_user_status_created_idx";--> statement-breakpoint
DROP INDEX "invoices_user_created_idx";--> statement-breakpoint
DROP INDEX "invoices_issuer_status_created_idx";--> statement-breakpoint
DROP INDEX "invoices_status_created_idx";--> statement-breakpoint
DROP INDEX "profiles_mailbox_status_updated_at_idx";--> statement-breakpoint
DROP INDEX "stores_owner_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "users_parent_user_id_idx";--> statement-breakpoint
DROP INDEX "users_referred_by_user_id_idx";--> statement-breakpoint
DROP INDEX "users_role_code_created_at_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_issuer_created_idx" ON "invoices" USING btree ("issuer_user_id","created_at","number");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "invoices_number_pattern_idx" ON "invoices" USING btree (lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stores_default_created_at_idx" ON "stores" USING btree ("is_default" DESC NULLS FIRST,"created_at","id");--> statement-breakpoint
CREATE INDEX "stores_name_pattern_idx" ON "stores" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_pending_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_user_status_created_idx" ON "invoices" USING btree ("user_id","status","created_at","number");--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at","number");--> statement-breakpoint
CREATE INDEX "invoices_issuer_status_created_idx" ON "invoices" USING btree ("issuer_user_id","status","created_at","number");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at","number");--> statement-breakpoint
CREATE INDEX "profiles_mailbox_status_updated_at_idx" ON "profiles" USING btree ("mailbox_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "stores_owner_user_id_created_at_idx" ON "stores" USING btree ("owner_user_id","is_default" DESC NULLS FIRST,"created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_parent_user_id_idx" ON "users" USING btree ("parent_user_id","role_code","created_at","id");--> statement-breakpoint
CREATE INDEX "users_referred_by_user_id_idx" ON "users" USING btree ("referred_by_user_id","created_at","id","role_code");--> statement-breakpoint
CREATE INDEX "users_role_code_created_at_idx" ON "users" USING btree ("role_code","created_at","id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('pending', 'succeeded', 'failed'));