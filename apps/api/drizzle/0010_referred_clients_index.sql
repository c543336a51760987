DROP INDEX "users_referred_by_user_id_idx";--> statement-breakpoint
CREATE INDEX "users_referred_by_user_id_idx" ON "users" USING btree ("referred_by_user_id","created_at","id","role_code");