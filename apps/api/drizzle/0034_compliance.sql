CREATE TABLE "certification_reminders" (
	"owner_user_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_reminders_owner_user_id_quarter_pk" PRIMARY KEY("owner_user_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "compliance_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"person" text NOT NULL,
	"person_name" text NOT NULL,
	"kind" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"issuing_authority" text NOT NULL,
	"expires_on" date,
	"expiry_alerted_at" timestamp with time zone,
	"recorded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_ids_person_check" CHECK ("compliance_ids"."person" in ('applicant', 'authorized')),
	CONSTRAINT "compliance_ids_kind_check" CHECK ("compliance_ids"."kind" in ('photo', 'address'))
);
--> statement-breakpoint
CREATE TABLE "form_1583_witnesses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agent_user_id" uuid,
	"agent_name" text NOT NULL,
	"method" text NOT NULL,
	"witnessed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_1583_witnesses_method_check" CHECK ("form_1583_witnesses"."method" in ('in_person', 'video'))
);
--> statement-breakpoint
ALTER TABLE "certification_reminders" ADD CONSTRAINT "certification_reminders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_ids" ADD CONSTRAINT "compliance_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_ids" ADD CONSTRAINT "compliance_ids_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_1583_witnesses" ADD CONSTRAINT "form_1583_witnesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_1583_witnesses" ADD CONSTRAINT "form_1583_witnesses_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_ids_user_person_kind_key" ON "compliance_ids" USING btree ("user_id","person","kind");--> statement-breakpoint
CREATE INDEX "compliance_ids_unalerted_expiry_idx" ON "compliance_ids" USING btree ("expires_on") WHERE "compliance_ids"."expiry_alerted_at" is null;