ALTER TABLE "notifications" DROP CONSTRAINT "notifications_mail_item_id_mail_items_id_fk";
