ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "configuration_unlocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_session_id_sessions_id_fk" FOREIGN KEY ("impersonator_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_user_id_idx" ON "sessions" USING btree ("impersonator_user_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonator_session_id_idx" ON "sessions" USING btree ("impersonator_session_id");