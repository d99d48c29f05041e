CREATE TYPE "public"."workspace_role" AS ENUM('owner', 'admin', 'editor', 'contributor', 'viewer');--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "workspace_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
-- Every existing user gets a personal workspace with the user's own id, holding exactly their data:
-- each owned table's user_id becomes its workspace_id unchanged.
INSERT INTO "workspaces" ("id", "name", "time_zone", "created_at")
  SELECT "id", 'Personal', "time_zone", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "social_accounts" DROP CONSTRAINT "social_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "social_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_pages" DROP CONSTRAINT "social_pages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "social_pages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "social_pages" ADD CONSTRAINT "social_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "posts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_counts" DROP CONSTRAINT "post_counts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_counts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "post_counts" ADD CONSTRAINT "post_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "media" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" DROP CONSTRAINT "usage_records_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "usage_records" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" DROP CONSTRAINT "billing_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "billing_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_daily" DROP CONSTRAINT "metric_daily_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "metric_daily" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "metric_daily" ADD CONSTRAINT "metric_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_versions" DROP CONSTRAINT "analytics_versions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_versions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "analytics_versions" ADD CONSTRAINT "analytics_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "social_accounts" RENAME CONSTRAINT "social_accounts_user_platform_account_key" TO "social_accounts_workspace_platform_account_key";--> statement-breakpoint
ALTER TABLE "media" RENAME CONSTRAINT "media_user_filename_key" TO "media_workspace_filename_key";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME CONSTRAINT "subscriptions_user_id_unique" TO "subscriptions_workspace_id_unique";--> statement-breakpoint
ALTER TABLE "post_counts" RENAME CONSTRAINT "post_counts_user_id_status_slot_pk" TO "post_counts_workspace_id_status_slot_pk";--> statement-breakpoint
ALTER TABLE "analytics_versions" RENAME CONSTRAINT "analytics_versions_user_id_slot_pk" TO "analytics_versions_workspace_id_slot_pk";--> statement-breakpoint
ALTER TABLE "metric_daily" RENAME CONSTRAINT "metric_daily_user_id_day_platform_pk" TO "metric_daily_workspace_id_day_platform_pk";--> statement-breakpoint
ALTER INDEX "posts_user_created_idx" RENAME TO "posts_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "posts_user_status_created_idx" RENAME TO "posts_workspace_status_created_idx";--> statement-breakpoint
ALTER INDEX "posts_user_scheduled_idx" RENAME TO "posts_workspace_scheduled_idx";--> statement-breakpoint
ALTER INDEX "posts_user_views_idx" RENAME TO "posts_workspace_views_idx";--> statement-breakpoint
ALTER INDEX "posts_user_likes_idx" RENAME TO "posts_workspace_likes_idx";--> statement-breakpoint
ALTER INDEX "social_pages_user_id_idx" RENAME TO "social_pages_workspace_id_idx";--> statement-breakpoint
ALTER INDEX "media_user_created_idx" RENAME TO "media_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "usage_records_user_kind_occurred_idx" RENAME TO "usage_records_workspace_kind_occurred_idx";--> statement-breakpoint
ALTER INDEX "billing_events_user_created_idx" RENAME TO "billing_events_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "target_metrics_user_published_idx" RENAME TO "target_metrics_workspace_published_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The author is who owned the post; no trigger watches author_id, so none runs for the backfill.
ALTER TABLE "posts" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "posts" SET "author_id" = "workspace_id";--> statement-breakpoint
ALTER TABLE "posts" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "oauth_states" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_connections" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "pending_connections" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "pending_connections" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_connections" ADD CONSTRAINT "pending_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;