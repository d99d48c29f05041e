import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { draft } from "./helpers";

/**
 * The dashboard's Recent Activity finds a failed page among the user's posts not published
 * (lib/analytics/server/activity.ts; post_targets has no index on status, migration 0016): a post
 * that failed, one still going out with a page already failed, a draft whose page's account was
 * disconnected. A published post has none: it is published only once every page of it is.
 */

interface Item {
  kind: string;
  text: string;
  postId: string | null;
}

describe("Recent Activity", () => {
  it("lists failed pages of failed, scheduled and draft posts, and published pages, newest first", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids, undefined, [
      `Failed ${uid()}`,
      `Going ${uid()}`,
      `Draft ${uid()}`,
    ]);
    const [first, second, third] = account.pages.map((page) => ({ ...page, platform: "facebook" }));
    const failedPost = await draft(client, [first!, second!], `Failed post ${uid()}`);
    const goingPost = await draft(client, [second!, third!], `Going out ${uid()}`);
    const draftPost = await draft(client, [third!], `Draft ${uid()}`);

    const db = testDb();
    const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 28, 9, 0) - minutesAgo * 60_000);
    const setTarget = (postId: string, pageId: string, values: Partial<typeof postTargets.$inferInsert>) =>
      db
        .update(postTargets)
        .set(values)
        .where(sql`${postTargets.postId} = ${postId} and ${postTargets.pageId} = ${pageId}`);
    await db
      .update(posts)
      .set({ status: "failed" })
      .where(inArray(posts.id, [failedPost]));
    await db
      .update(posts)
      // A week ahead of the real clock: the stack's worker publishes a scheduled post due within
      // seconds (or up to a day late) and fails one more than a day late; this one stays as set.
      .set({ status: "scheduled", scheduledAt: new Date(Date.now() + 7 * 86_400_000), updatedAt: at(5) })
      .where(inArray(posts.id, [goingPost]));
    await setTarget(failedPost, first!.id, { status: "failed", errorCode: "permission", updatedAt: at(30) });
    await setTarget(failedPost, second!.id, {
      status: "published",
      platformPostId: `${second!.pageId}_${uid()}`,
      publishedAt: at(40),
      updatedAt: at(40),
    });
    await setTarget(goingPost, second!.id, { status: "failed", errorCode: "transient", updatedAt: at(20) });
    await setTarget(draftPost, third!.id, { status: "failed", errorCode: "account_disconnected", updatedAt: at(10) });

    const response = await client.get("/api/analytics/activity");
    expect(response.status, response.text).toBe(200);
    const items = (response.body.data as { items: Item[] }).items.filter((item) => item.kind !== "account_connected");
    expect(items.map(({ kind, text, postId }) => ({ kind, text, postId }))).toEqual([
      { kind: "scheduled", text: expect.stringMatching(/^Scheduled/), postId: goingPost },
      { kind: "failed", text: `Publishing to ${third!.name} on Facebook failed`, postId: draftPost },
      { kind: "failed", text: `Publishing to ${second!.name} on Facebook failed`, postId: goingPost },
      { kind: "failed", text: `Publishing to ${first!.name} on Facebook failed`, postId: failedPost },
      { kind: "published", text: `Published to ${second!.name} on Facebook`, postId: failedPost },
    ]);
  });
});
