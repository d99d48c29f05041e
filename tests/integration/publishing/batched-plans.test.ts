import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { connectFacebook, uid } from "../../fixtures/social";
import { analyzedPlan, namedStatementsSent, rowsLookedAt } from "../../fixtures/statement-plans";
import { testDb } from "../../fixtures/test-db";

/**
 * How Postgres runs the publish path's batched writes (lib/publishing/server/batched.ts) at the
 * moment they matter: while thousands of other pages are being published. What each write does is
 * held by batched.test.ts.
 */

// The engine's modules run in this process, on the run's database.
appInProcess();

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("the publish path's batched writes", () => {
  it("find the pages they write by key, however many others are publishing", { timeout: 30_000 }, async () => {
    const { client, user } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const page = account.pages[0]!;
    const label = `By key ${uid()}`;
    const postRows = (count: number, status: "scheduled" | "draft") =>
      Array.from({ length: count }, (_, n) => ({
        workspaceId: user.id,
        content: `${label} ${status} #${n}`,
        status,
        scheduledAt: status === "scheduled" ? minutesFromNow(120) : null,
      }));
    const pagesOf = (rows: { id: string }[], values: Partial<typeof postTargets.$inferInsert> = {}) =>
      rows.map((row) => ({
        postId: row.id,
        pageId: page.id,
        platform: "facebook" as const,
        pageName: page.name,
        ...values,
      }));
    const made = await testDb().insert(posts).values(postRows(100, "scheduled")).returning();
    const targets = await testDb().insert(postTargets).values(pagesOf(made)).returning();
    // Analyzed while hardly any page is 'publishing', as autovacuum finds a real install between
    // bursts; then the burst: 10,000 other pages being published (of drafts, so no worker of the
    // test stack takes them up).
    await testDb().execute(sql`analyze post_targets`);
    const others = await testDb().insert(posts).values(postRows(10_000, "draft")).returning({ id: posts.id });
    await testDb()
      .insert(postTargets)
      .values(pagesOf(others, { status: "publishing", publishingStartedAt: new Date() }));

    const { db } = await import("@/db");
    const { claimTarget } = await import("@/lib/publishing/server/claim");
    const { recordSending, finishPublished } = await import("@/lib/publishing/server/batched");
    const { sent } = await namedStatementsSent(db.$client, "publish_", async () => {
      const claimed = await claimTarget.many(
        targets.map((target, n) => ({
          targetId: target.id,
          postId: target.postId,
          scheduleVersion: made[n]!.scheduleVersion,
          text: null,
        })),
      );
      const held = claimed.map((row) => ({ targetId: row!.id, claimedAt: row!.publishingStartedAt! }));
      expect(await recordSending.many(held.map((write) => ({ ...write, text: label })))).toEqual(held.map(() => true));
      const published = await finishPublished.many(
        held.map((write, n) => ({
          ...write,
          workspaceId: user.id,
          postId: made[n]!.id,
          platformPostId: `key_${n}`,
          url: null,
          settlesPost: made[n]!.scheduleVersion,
        })),
      );
      expect(published).toEqual(held.map(() => true));
    });

    // Rows each write looked at, run again and rolled back: planned on the status alone, it compared
    // every page being published with every row of the batch (here 10,000 × 100). By key it reads
    // each page at most once (a small table may still be read whole: a scan is cheaper there).
    const [{ pages }] = (await testDb().execute(sql`select count(*)::int pages from post_targets`)).rows as [
      { pages: number },
    ];
    for (const name of ["publish_record_sendings", "publish_finishes_published"]) {
      const plan = await analyzedPlan(db.$client, sent.get(name)!);
      expect(rowsLookedAt(plan), name).toBeLessThanOrEqual(2 * pages);
    }
    await testDb()
      .delete(posts)
      .where(
        inArray(
          posts.id,
          others.map((row) => row.id),
        ),
      );
  });
});
