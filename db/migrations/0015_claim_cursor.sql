-- Issue #18: the dispatcher's claims go on from the last post the previous claim took, in the
-- due-posts index's order (scheduled_at, id), instead of walking again past every post already
-- claimed (lib/publishing/server/statements.ts, claimableAhead). Claiming 10,000 pages due at one
-- instant, 100 a statement one after another: 0.65 s against 2.0 s (README › Benchmarks ›
-- publish-lag, Session 22).
DROP INDEX "posts_scheduled_due_idx";--> statement-breakpoint
CREATE INDEX "posts_scheduled_due_idx" ON "posts" USING btree ("scheduled_at","id") WHERE "posts"."status" = 'scheduled';