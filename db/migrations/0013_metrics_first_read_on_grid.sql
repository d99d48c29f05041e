-- Issue #18: a published page's first metrics read was due at once, so the 10,000 pages of posts
-- due at 09:00:00 were read by the sync while the publishing burst was still running (measured:
-- 1,060–1,316 targets/s published against 1,410–1,473 with the reads out of the way), and read when
-- their figures are still zero. The first read now falls on the page's 15-minute grid, like every
-- read after it (lib/analytics/metrics-math.ts nextSyncAt): pages published at one instant are read
-- spread over the next 15 minutes by their account's phase, each account's pages together.
--
-- The test stack wants to read at once (its tests would wait up to 15 minutes): a connection that
-- sets `postloom.metrics_first_read = 'at-once'` (env METRICS_FIRST_READ, db/index.ts) gets the old
-- rule for the pages it publishes.

-- phaseOf() of metrics-math.ts: FNV-1a over the key's UTF-16 code units, as a number in [0, 1).
CREATE OR REPLACE FUNCTION metrics_phase(phase_key text) RETURNS double precision AS $$
DECLARE
  hash bigint := 2166136261;
  code int;
  i int;
BEGIN
  FOR i IN 1..length(phase_key) LOOP
    code := ascii(substr(phase_key, i, 1));
    IF code > 65535 THEN
      code := code - 65536;
      hash := ((hash # (55296 + (code >> 10))) * 16777619) & 4294967295;
      code := 56320 + (code & 1023);
    END IF;
    hash := ((hash # code) * 16777619) & 4294967295;
  END LOOP;
  RETURN hash / 4294967296.0;
END
$$ LANGUAGE plpgsql IMMUTABLE STRICT;
--> statement-breakpoint
-- nextSyncAt() of metrics-math.ts in the first stage (15 minutes): the first point of the key's
-- grid after `after`, to the millisecond.
CREATE OR REPLACE FUNCTION metrics_first_read_at(phase_key text, after timestamptz) RETURNS timestamptz AS $$
DECLARE
  every_ms CONSTANT bigint := 900000;
  after_ms bigint := floor(extract(epoch FROM after) * 1000);
  shift bigint := floor(metrics_phase(phase_key) * every_ms);
BEGIN
  RETURN 'epoch'::timestamptz + ((floor((after_ms - shift)::numeric / every_ms) + 1) * every_ms + shift)
    * interval '1 millisecond';
END
$$ LANGUAGE plpgsql IMMUTABLE STRICT;
--> statement-breakpoint
-- The sync's key is `${account id}:${page's platform id}` (lib/analytics/server/sync.ts); a target
-- whose page is gone (it cannot be published then, but the trigger does not depend on it) is read
-- at once.
CREATE OR REPLACE FUNCTION target_metrics_on_publish() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.platform_post_id IS NOT NULL THEN
    INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at)
      SELECT NEW.id, p.user_id, NEW.post_id, NEW.platform, coalesce(NEW.published_at, now()),
        CASE WHEN sp.id IS NULL OR current_setting('postloom.metrics_first_read', true) = 'at-once' THEN now()
          ELSE metrics_first_read_at(sp.social_account_id::text || ':' || sp.page_id, now()) END
      FROM posts p LEFT JOIN social_pages sp ON sp.id = NEW.page_id
      WHERE p.id = NEW.post_id
    ON CONFLICT (post_target_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
