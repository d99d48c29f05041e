ALTER TABLE "post_targets" ADD COLUMN "sent_text" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "sent_at" timestamp with time zone;