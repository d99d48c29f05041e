-- A published page's first metrics read was due at once: the 10,000 pages of posts due at 09:00:00
-- were all read at 09:00:00 (issue #15 asked that they not be), while the publishing burst was still
-- running and when their figures were still zero. The first read now falls on the page's 15-minute
-- grid, like every read after it (lib/analytics/metrics-math.ts nextSyncAt): pages published at one
-- instant are read spread over the next 15 minutes by their phase, a page's posts together. (Issue
-- #18: on session 17's VM publishing went 1,410–1,473 targets/s with the reads out of the way against
-- 1,060–1,316; session 18's CPU-bound VM showed no gain: README › Benchmarks › publish-lag.)
--
-- The test stack wants to read at once (its tests would wait up to 15 minutes): a connection that
-- sets `postloom.metrics_first_read = 'at-once'` (env METRICS_FIRST_READ, db/index.ts) gets the old
-- rule for the pages it publishes.

-- syncPhase() of lib/analytics/server/sync-phase.ts: the first 32 bits of SHA-256 of
-- `account id:page id` (UTF-8) as a number in [0, 1). SQL functions of one expression, not STRICT,
-- so the trigger's statement inlines them (FNV-1a in a plpgsql loop cost 42 µs a page; called
-- without inlining, 15 µs; inlined, 3 µs).
CREATE OR REPLACE FUNCTION metrics_phase(account_id uuid, page_id text) RETURNS double precision AS $$
  SELECT ('x' || left(encode(sha256(convert_to(account_id::text || ':' || page_id, 'UTF8')), 'hex'), 8))::bit(32)::bigint::float8
    / 4294967296
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- nextSyncAt() of metrics-math.ts in the first stage (15 minutes), with the same double-precision
-- arithmetic: the first point of the phase's grid after `after`, to the millisecond.
CREATE OR REPLACE FUNCTION metrics_first_read_at(phase double precision, after timestamptz) RETURNS timestamptz AS $$
  SELECT 'epoch'::timestamptz
    + (floor((floor(extract(epoch FROM after) * 1000)::float8 - floor(phase * 900000)) / 900000 + 1) * 900000
       + floor(phase * 900000)) * interval '1 millisecond'
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- The page's phase is the sync's (lib/analytics/server/sync.ts); a target whose page is gone (it
-- cannot be published then, but the trigger does not depend on it) is read at once.
CREATE OR REPLACE FUNCTION target_metrics_on_publish() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.platform_post_id IS NOT NULL THEN
    INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at)
      SELECT NEW.id, p.user_id, NEW.post_id, NEW.platform, coalesce(NEW.published_at, now()),
        CASE WHEN sp.id IS NULL OR current_setting('postloom.metrics_first_read', true) = 'at-once' THEN now()
          ELSE metrics_first_read_at(ph.phase, now()) END
      FROM posts p LEFT JOIN social_pages sp ON sp.id = NEW.page_id
        -- The phase as a column, so that both functions are inlined into this statement.
        LEFT JOIN LATERAL (SELECT metrics_phase(sp.social_account_id, sp.page_id) AS phase) ph ON true
      WHERE p.id = NEW.post_id
    ON CONFLICT (post_target_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
