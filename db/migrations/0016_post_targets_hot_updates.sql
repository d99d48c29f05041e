-- Issue #18: every write the publish path makes to a page (claimed, text recorded, published) can
-- now be a HOT update, which adds no entry to any of the table's indexes. The (status, updated_at)
-- index named both columns each of those writes changes, so each one inserted a new entry into all
-- four indexes: with 10,000 pages due at one instant, pg_stat_statements counted 8.0 WAL records a
-- page for the claim, 5.8 for recording the text and 13.4 for recording it published; without the
-- index, 4.5, 2.0 and 10.5. Postgres's CPU a published page, five runs each on one VM: median 613
-- µs (571–706) before, 458 µs (390–557) after (README › Benchmarks › publish-lag, Session 23). No query needs the index: every read of a
-- page's status goes through its post or its page (the dashboard's failed pages through the
-- user's posts not published, lib/analytics/server/activity.ts). A HOT update also needs room on
-- the row's own page: new pages are filled to 80%, leaving it.
DROP INDEX "post_targets_status_updated_idx";--> statement-breakpoint
ALTER TABLE "post_targets" SET (fillfactor = 80);
