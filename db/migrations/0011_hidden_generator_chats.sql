ALTER TABLE "chats" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Chats the generator made before this migration: every user message in them is a generator request.
UPDATE "chats" SET "hidden" = true
WHERE "context" = 'content_creation'
  AND EXISTS (SELECT 1 FROM "chat_messages" m WHERE m."chat_id" = "chats"."id" AND m."role" = 'user')
  AND NOT EXISTS (
    SELECT 1 FROM "chat_messages" m
    WHERE m."chat_id" = "chats"."id" AND m."role" = 'user' AND m."content" NOT LIKE 'Generate a post about: %'
  );
