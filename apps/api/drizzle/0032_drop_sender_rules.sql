-- "Always junk this sender" becomes a rule of the box holder: sender equals the remembered sender, action junk.
INSERT INTO "mail_rules" ("user_id", "name", "match", "action", "created_at", "updated_at")
SELECT m."user_id",
       'Always junk ' || r."sender_key",
       jsonb_build_object('sender', jsonb_build_object('op', 'equals', 'value', r."sender_key")),
       jsonb_build_object('type', 'junk'),
       r."created_at",
       r."created_at"
FROM "sender_rules" r
JOIN "mailboxes" m ON m."id" = r."mailbox_id";--> statement-breakpoint
DROP TABLE "sender_rules" CASCADE;
