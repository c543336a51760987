DROP INDEX "mail_items_mailbox_folder_received_idx";--> statement-breakpoint
DROP INDEX "mail_items_mailbox_received_idx";--> statement-breakpoint
CREATE INDEX "shipments_user_listed_created_at_idx" ON "shipments" USING btree ("user_id","created_at","id") WHERE "shipments"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "shipments_listed_created_at_idx" ON "shipments" USING btree ("created_at","id") WHERE "shipments"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "mail_items_mailbox_folder_received_idx" ON "mail_items" USING btree ("mailbox_id","folder","received_at","id") WHERE "mail_items"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "mail_items_mailbox_received_idx" ON "mail_items" USING btree ("mailbox_id","received_at","id") WHERE "mail_items"."purged_at" is null;