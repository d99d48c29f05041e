-- Keeps post_counts exact on every insert, delete and status change of posts, whoever makes it
-- (API, worker, cascades), so the post list never has to count a user's posts.
CREATE OR REPLACE FUNCTION post_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE post_counts SET count = count - 1 WHERE user_id = OLD.user_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO post_counts (user_id, status, count) VALUES (NEW.user_id, NEW.status, 1)
    ON CONFLICT (user_id, status) DO UPDATE SET count = post_counts.count + 1;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER posts_count_insert_delete AFTER INSERT OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER posts_count_status AFTER UPDATE OF status, user_id ON posts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION post_counts_apply();
--> statement-breakpoint
INSERT INTO post_counts (user_id, status, count)
  SELECT user_id, status, count(*) FROM posts GROUP BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET count = EXCLUDED.count;
