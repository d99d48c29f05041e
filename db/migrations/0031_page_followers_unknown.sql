ALTER TABLE "social_pages" ALTER COLUMN "follower_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "social_pages" ALTER COLUMN "follower_count" DROP NOT NULL;--> statement-breakpoint
-- LinkedIn does not give a member's follower count (it needs a partner permission): the 0 stored for it was never a figure.
UPDATE "social_pages" SET "follower_count" = NULL WHERE "platform" = 'linkedin';
