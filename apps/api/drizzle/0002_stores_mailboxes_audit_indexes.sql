CREATE TABLE "mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"pmb_number" integer NOT NULL,
	"mailbox_type" text NOT NULL,
	"names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"opened_by_user_id" uuid,
	CONSTRAINT "mailboxes_status_check" CHECK ("mailboxes"."status" in ('active', 'closed')),
	CONSTRAINT "mailboxes_mailbox_type_check" CHECK ("mailboxes"."mailbox_type" in ('personal', 'business'))
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"pmb_prefix" text DEFAULT 'PMB' NOT NULL,
	"next_pmb_number" integer DEFAULT 1001 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_next_pmb_number_check" CHECK ("stores"."next_pmb_number" > 0),
	CONSTRAINT "stores_latitude_check" CHECK ("stores"."latitude" between -90 and 90),
	CONSTRAINT "stores_longitude_check" CHECK ("stores"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_user_id_key" ON "mailboxes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_store_id_pmb_number_key" ON "mailboxes" USING btree ("store_id","pmb_number");--> statement-breakpoint
CREATE INDEX "mailboxes_store_id_opened_at_idx" ON "mailboxes" USING btree ("store_id","opened_at");--> statement-breakpoint
CREATE INDEX "stores_owner_user_id_created_at_idx" ON "stores" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "stores_name_lower_idx" ON "stores" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stores_created_at_idx" ON "stores" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_owner_default_key" ON "stores" USING btree ("owner_user_id") WHERE "stores"."is_default";--> statement-breakpoint
CREATE INDEX "audit_log_target_created_at_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");