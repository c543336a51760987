CREATE TABLE "code_guess_guards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "code_guess_guards_failures_check" CHECK ("code_guess_guards"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD COLUMN "passcode_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD COLUMN "passcode_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "code_guess_guards" ADD CONSTRAINT "code_guess_guards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_link_token_hash_key" ON "one_time_codes" USING btree ("link_token_hash");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('new_mail', 'scan_ready', 'request_completed', 'quote_changed', 'fees_soon', 'shipment_update', 'pickup_locked'));