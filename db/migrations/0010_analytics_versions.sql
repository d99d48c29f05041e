CREATE TABLE "analytics_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"bumped_xact" bigint
);
--> statement-breakpoint
ALTER TABLE "analytics_versions" ADD CONSTRAINT "analytics_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The per-user analytics version (issue #15, answer cache). Each trigger below is a deferred
-- constraint trigger: it runs at commit, after every other lock the transaction takes, so it adds
-- no lock-order hazard to the sync, publishing or a time zone change; and the first row a
-- transaction writes for a user bumps the version once (bumped_xact), the rest do nothing.
CREATE OR REPLACE FUNCTION bump_analytics_version() RETURNS trigger AS $$
DECLARE
  uid text;
  xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    uid := OLD.user_id;
  ELSE
    uid := NEW.user_id;
  END IF;
  -- Already bumped by this transaction (the common case: a reading writes many rows): a key lookup.
  IF EXISTS (SELECT 1 FROM analytics_versions WHERE user_id = uid AND bumped_xact = xact) THEN
    RETURN NULL;
  END IF;
  -- A user deleted in this transaction has no version to keep (the row went with the user).
  INSERT INTO analytics_versions AS av (user_id, version, bumped_xact)
    SELECT uid, 1, xact WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
  ON CONFLICT (user_id) DO UPDATE SET version = av.version + 1, bumped_xact = xact
    WHERE av.bumped_xact IS DISTINCT FROM xact;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER metric_daily_analytics_version AFTER INSERT OR UPDATE OR DELETE ON metric_daily
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER target_metrics_analytics_version_write AFTER INSERT OR DELETE ON target_metrics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
-- Not on schedule-only updates (next_sync_at, last_error): the sync writes those all the time.
CREATE CONSTRAINT TRIGGER target_metrics_analytics_version_update AFTER UPDATE ON target_metrics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.views, OLD.likes, OLD.comments, OLD.shares, OLD.reach, OLD.removed_at, OLD.published_at,
         OLD.platform, OLD.post_id, OLD.user_id)
    IS DISTINCT FROM (NEW.views, NEW.likes, NEW.comments, NEW.shares, NEW.reach, NEW.removed_at,
         NEW.published_at, NEW.platform, NEW.post_id, NEW.user_id))
  EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER posts_analytics_version_delete AFTER DELETE ON posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
-- Top posts show the content and rank by the totals; status and schedule edits change no answer.
CREATE CONSTRAINT TRIGGER posts_analytics_version_update AFTER UPDATE ON posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.content, OLD.views_total, OLD.likes_total, OLD.comments_total, OLD.shares_total, OLD.user_id)
    IS DISTINCT FROM (NEW.content, NEW.views_total, NEW.likes_total, NEW.comments_total, NEW.shares_total,
         NEW.user_id))
  EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_analytics_version_time_zone AFTER UPDATE OF time_zone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION bump_analytics_version();
