DROP INDEX "invitations_token_hash_key";--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "accepted_at";