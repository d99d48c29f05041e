CREATE TABLE "pending_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" "social_platform" NOT NULL,
	"platform_account_id" text NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "follower_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "follower_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "post_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "post_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_connections" ADD CONSTRAINT "pending_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_connections_user_id_idx" ON "pending_connections" USING btree ("user_id");