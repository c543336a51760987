CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"acting_as_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"current_profile" text,
	"shipment_status" text DEFAULT 'none' NOT NULL,
	"mailbox_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_current_profile_check" CHECK ("profiles"."current_profile" in ('shipment', 'mailbox')),
	CONSTRAINT "profiles_shipment_status_check" CHECK ("profiles"."shipment_status" in ('none', 'pending', 'active', 'inactive', 'rejected')),
	CONSTRAINT "profiles_mailbox_status_check" CHECK ("profiles"."mailbox_status" in ('none', 'pending', 'active', 'inactive', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text DEFAULT 'full' NOT NULL,
	"impersonator_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_scope_check" CHECK ("sessions"."scope" in ('full', 'onboarding', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_code" text NOT NULL,
	"account_type" text,
	"parent_user_id" uuid,
	"is_super_sub_admin" boolean DEFAULT false NOT NULL,
	"tier" text,
	"status" text DEFAULT 'active' NOT NULL,
	"personal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"full_name" text GENERATED ALWAYS AS (coalesce(personal->>'fullName', '')) STORED NOT NULL,
	"business" jsonb,
	"authorized_individual" jsonb,
	"mailbox_type" text,
	"is_court_protected" boolean DEFAULT false NOT NULL,
	"signature" text,
	"configuration" jsonb DEFAULT '{"lightLogo":null,"darkLogo":null,"isPasswordProtected":false}'::jsonb NOT NULL,
	"current_step" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_code_check" CHECK ("users"."role_code" in ('SUPER_ADMIN', 'SUB_ADMIN', 'USER')),
	CONSTRAINT "users_account_type_check" CHECK ("users"."account_type" in ('shipment', 'mailbox', 'both')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'inactive')),
	CONSTRAINT "users_tier_check" CHECK ("users"."tier" in ('pro')),
	CONSTRAINT "users_mailbox_type_check" CHECK ("users"."mailbox_type" in ('personal', 'business')),
	CONSTRAINT "users_current_step_check" CHECK ("users"."current_step" in ('account-type', 'account-info', 'shipment-verification'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_acting_as_user_id_users_id_fk" FOREIGN KEY ("acting_as_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_id_created_at_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_acting_as_user_id_created_at_idx" ON "audit_log" USING btree ("acting_as_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_full_name_lower_idx" ON "users" USING btree (lower("full_name"));--> statement-breakpoint
CREATE INDEX "users_parent_user_id_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "users_role_code_created_at_idx" ON "users" USING btree ("role_code","created_at");