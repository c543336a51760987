ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor_day" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_anchor_day_check" CHECK ("subscriptions"."billing_anchor_day" is null or "subscriptions"."billing_anchor_day" between 1 and 31);--> statement-breakpoint
UPDATE "subscriptions" SET "billing_anchor_day" = extract(day from "current_period_start" at time zone 'UTC')::integer WHERE "current_period_start" IS NOT NULL;
