DROP INDEX "stores_owner_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "stores_default_created_at_idx";--> statement-breakpoint
CREATE INDEX "stores_owner_listed_idx" ON "stores" USING btree ("owner_user_id",(not "is_default"),"created_at","id");--> statement-breakpoint
CREATE INDEX "stores_listed_idx" ON "stores" USING btree ((not "is_default"),"created_at","id");