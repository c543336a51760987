CREATE SEQUENCE "public"."mail_item_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "mail_item_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fee_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_item_fees_kind_check" CHECK ("mail_item_fees"."kind" in ('storage', 'package_receiving', 'overweight', 'pallet_receiving', 'consolidation')),
	CONSTRAINT "mail_item_fees_amount_check" CHECK ("mail_item_fees"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('mail_item_number_seq') NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sender" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"weight_lb" double precision,
	"length_in" double precision,
	"width_in" double precision,
	"height_in" double precision,
	"message" text,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_scan_key" text,
	"status" text DEFAULT 'received' NOT NULL,
	"folder" text DEFAULT 'inbox' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"free_until" timestamp with time zone NOT NULL,
	"storage_daily_fee_cents" integer DEFAULT 0 NOT NULL,
	"receiving_fee_cents" integer DEFAULT 0 NOT NULL,
	"storage_ended_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"trashed_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"fee_warning_sent_at" timestamp with time zone,
	"open_request_id" uuid,
	"received_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_items_kind_check" CHECK ("mail_items"."kind" in ('letter', 'large_envelope', 'package', 'pallet')),
	CONSTRAINT "mail_items_folder_check" CHECK ("mail_items"."folder" in ('inbox', 'archive', 'trash')),
	CONSTRAINT "mail_items_status_check" CHECK ("mail_items"."status" in ('received', 'scan_requested', 'scanned', 'forward_requested', 'forwarded', 'pickup_requested', 'picked_up', 'shred_requested', 'shredded', 'junk_requested', 'junked')),
	CONSTRAINT "mail_items_fees_check" CHECK ("mail_items"."storage_daily_fee_cents" >= 0 and "mail_items"."receiving_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_item_id" uuid NOT NULL,
	"item_ids" jsonb NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"address" jsonb,
	"declared_value_cents" integer DEFAULT 0 NOT NULL,
	"estimate" jsonb,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"quote_cents" integer,
	"extra_due_cents" integer DEFAULT 0 NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"refund_credited_cents" integer DEFAULT 0 NOT NULL,
	"carrier_service" text,
	"packaging" text,
	"outbound_carrier" text,
	"outbound_tracking" text,
	"passcode_hash" text,
	"picked_up_by" text,
	"invoice_id" uuid,
	"payment_request_key" text,
	"note" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"handled_by_user_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_requests_type_check" CHECK ("mail_requests"."type" in ('scan', 'forward', 'pickup', 'shred', 'junk')),
	CONSTRAINT "mail_requests_status_check" CHECK ("mail_requests"."status" in ('requested', 'in_progress', 'quote_pending', 'completed', 'cancelled')),
	CONSTRAINT "mail_requests_money_check" CHECK ("mail_requests"."paid_cents" >= 0 and "mail_requests"."extra_due_cents" >= 0 and "mail_requests"."refund_cents" >= 0 and "mail_requests"."declared_value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"mail_item_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('new_mail', 'scan_ready', 'request_completed', 'quote_changed', 'fees_soon'))
);
--> statement-breakpoint
CREATE TABLE "sender_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"sender_key" text NOT NULL,
	"action" text DEFAULT 'junk' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_rules_action_check" CHECK ("sender_rules"."action" in ('junk'))
);
--> statement-breakpoint
ALTER TABLE "mail_item_fees" ADD CONSTRAINT "mail_item_fees_mail_item_id_mail_items_id_fk" FOREIGN KEY ("mail_item_id") REFERENCES "public"."mail_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_item_fees" ADD CONSTRAINT "mail_item_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_item_fees" ADD CONSTRAINT "mail_item_fees_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_mail_item_id_mail_items_id_fk" FOREIGN KEY ("mail_item_id") REFERENCES "public"."mail_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_requests" ADD CONSTRAINT "mail_requests_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_item_id_mail_items_id_fk" FOREIGN KEY ("mail_item_id") REFERENCES "public"."mail_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_rules" ADD CONSTRAINT "sender_rules_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_rules" ADD CONSTRAINT "sender_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_item_fees_item_kind_date_key" ON "mail_item_fees" USING btree ("mail_item_id","kind","fee_date");--> statement-breakpoint
CREATE INDEX "mail_item_fees_uninvoiced_idx" ON "mail_item_fees" USING btree ("user_id","fee_date") WHERE "mail_item_fees"."invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_number_key" ON "mail_items" USING btree ("number");--> statement-breakpoint
CREATE INDEX "mail_items_mailbox_folder_received_idx" ON "mail_items" USING btree ("mailbox_id","folder","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_items_mailbox_received_idx" ON "mail_items" USING btree ("mailbox_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_items_mailbox_sender_idx" ON "mail_items" USING btree ("mailbox_id",lower("sender") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mail_items_in_storage_idx" ON "mail_items" USING btree ("free_until") WHERE "mail_items"."storage_ended_at" is null;--> statement-breakpoint
CREATE INDEX "mail_items_trash_idx" ON "mail_items" USING btree ("trashed_at") WHERE "mail_items"."folder" = 'trash' and "mail_items"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "mail_requests_status_created_idx" ON "mail_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_requests_store_status_created_idx" ON "mail_requests" USING btree ("store_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_requests_item_created_idx" ON "mail_requests" USING btree ("mail_item_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_requests_user_created_idx" ON "mail_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_requests_payment_request_key" ON "mail_requests" USING btree ("payment_request_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_rules_mailbox_sender_key" ON "sender_rules" USING btree ("mailbox_id","sender_key");--> statement-breakpoint
CREATE INDEX "mailboxes_store_status_pmb_idx" ON "mailboxes" USING btree ("store_id","status","pmb_number");--> statement-breakpoint
CREATE INDEX "mailboxes_pmb_number_idx" ON "mailboxes" USING btree ("pmb_number","id");