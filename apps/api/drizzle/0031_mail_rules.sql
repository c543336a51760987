CREATE TABLE "mail_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"match" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"applied_count" integer DEFAULT 0 NOT NULL,
	"last_applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "rule_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_items" ADD COLUMN "rule_name" text;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_rules_user_created_idx" ON "mail_rules" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_rule_id_mail_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."mail_rules"("id") ON DELETE set null ON UPDATE no action;