CREATE TABLE "metric_daily" (
	"user_id" text NOT NULL,
	"platform" "social_platform" NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"reach" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_daily_user_id_day_platform_pk" PRIMARY KEY("user_id","day","platform")
);
--> statement-breakpoint
CREATE TABLE "target_metrics" (
	"post_target_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"platform" "social_platform" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"reach" integer DEFAULT 0 NOT NULL,
	"captured_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "views_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "likes_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "shares_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_daily" ADD CONSTRAINT "metric_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_post_target_id_post_targets_id_fk" FOREIGN KEY ("post_target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_metrics_due_idx" ON "target_metrics" USING btree ("next_sync_at") WHERE "target_metrics"."next_sync_at" is not null;--> statement-breakpoint
CREATE INDEX "target_metrics_user_published_idx" ON "target_metrics" USING btree ("user_id","published_at");--> statement-breakpoint
CREATE INDEX "target_metrics_post_idx" ON "target_metrics" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_user_views_idx" ON "posts" USING btree ("user_id","views_total" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_user_likes_idx" ON "posts" USING btree ("user_id","likes_total" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Every target that becomes published gets its target_metrics row, whoever publishes it (worker,
-- recovery, tests), due for its first sync at once. Published targets without a platform id were
-- never on the platform and have nothing to read.
CREATE OR REPLACE FUNCTION target_metrics_on_publish() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.platform_post_id IS NOT NULL THEN
    INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at)
      SELECT NEW.id, p.user_id, NEW.post_id, NEW.platform, coalesce(NEW.published_at, now()), now()
      FROM posts p WHERE p.id = NEW.post_id
    ON CONFLICT (post_target_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER post_targets_metrics_insert AFTER INSERT ON post_targets
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION target_metrics_on_publish();
--> statement-breakpoint
CREATE TRIGGER post_targets_metrics_publish AFTER UPDATE OF status, platform_post_id ON post_targets
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION target_metrics_on_publish();
--> statement-breakpoint
-- Targets published before this migration: their rows, with the newest snapshot as current figures.
INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at,
    views, likes, comments, shares, reach, captured_at)
  SELECT t.id, p.user_id, t.post_id, t.platform, coalesce(t.published_at, t.updated_at), now(),
    coalesce(s.views, 0), coalesce(s.likes, 0), coalesce(s.comments, 0), coalesce(s.shares, 0), coalesce(s.reach, 0),
    s.captured_at
  FROM post_targets t JOIN posts p ON p.id = t.post_id
  LEFT JOIN LATERAL (SELECT * FROM metric_snapshots ms WHERE ms.post_target_id = t.id
    ORDER BY ms.captured_at DESC, ms.id DESC LIMIT 1) s ON true
  WHERE t.status = 'published' AND t.platform_post_id IS NOT NULL
ON CONFLICT (post_target_id) DO NOTHING;
--> statement-breakpoint
UPDATE posts p SET views_total = s.views, likes_total = s.likes, comments_total = s.comments, shares_total = s.shares
  FROM (SELECT post_id, sum(views)::int AS views, sum(likes)::int AS likes, sum(comments)::int AS comments,
      sum(shares)::int AS shares FROM target_metrics GROUP BY post_id) s
  WHERE s.post_id = p.id;
--> statement-breakpoint
-- Daily rollups of the snapshots already stored (every user is on UTC until they choose a zone).
INSERT INTO metric_daily (user_id, platform, day, views, likes, comments, shares, reach)
  SELECT user_id, platform, day, sum(dv)::int, sum(dl)::int, sum(dc)::int, sum(ds)::int, sum(dr)::int FROM (
    SELECT tm.user_id, tm.platform, (ms.captured_at AT TIME ZONE u.time_zone)::date AS day,
      ms.views - coalesce(lag(ms.views) OVER w, 0) AS dv, ms.likes - coalesce(lag(ms.likes) OVER w, 0) AS dl,
      ms.comments - coalesce(lag(ms.comments) OVER w, 0) AS dc, ms.shares - coalesce(lag(ms.shares) OVER w, 0) AS ds,
      ms.reach - coalesce(lag(ms.reach) OVER w, 0) AS dr
    FROM metric_snapshots ms JOIN target_metrics tm ON tm.post_target_id = ms.post_target_id
    JOIN users u ON u.id = tm.user_id
    WINDOW w AS (PARTITION BY ms.post_target_id ORDER BY ms.captured_at, ms.id)
  ) d GROUP BY user_id, platform, day;
