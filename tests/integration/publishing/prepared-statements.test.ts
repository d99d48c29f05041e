import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { sandbox, sleep, until } from "../../fixtures/publishing";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

/**
 * The publish path's statements are prepared once per process (lib/publishing/server/statements.ts).
 * A prepared update cannot use a column's `$onUpdate` (drizzle would compute it once, when the
 * statement is prepared), so every write names its own time: a post the run's worker publishes
 * well after it prepared them carries its own times, not those of its first publish.
 */

describe("the publish path's prepared statements", () => {
  it("stamp each write with its own time, not the time they were prepared", { timeout: 60_000 }, async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));

    const page = account.pages[0]!;
    /** While its platform call is held up: the page as recorded just before the request. */
    let inFlight: typeof postTargets.$inferSelect | undefined;
    const publishOne = async (holdUpMs = 0) => {
      const draft = await client.post("/api/social/posts", {
        pages: account.pages.map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
        content: `Stamped ${uid()}`,
      });
      expect(draft.status, draft.text).toBe(201);
      const id = (draft.body.post as { id: string }).id;
      const scheduled = await client.put(`/api/post/${id}`, {
        scheduledAt: new Date(Date.now() + 1_500).toISOString(),
        status: "scheduled",
      });
      expect(scheduled.status, scheduled.text).toBe(200);
      if (holdUpMs > 0) {
        await until(
          async () => {
            [inFlight] = await testDb().select().from(postTargets).where(eq(postTargets.postId, id));
            return inFlight?.status === "publishing" && inFlight.sentAt !== null;
          },
          30_000,
          "the page's text to be recorded before its request",
        );
        await sandbox().setPublishLatency(0, page.pageId);
      }
      await until(
        async () => (await testDb().select().from(posts).where(eq(posts.id, id)))[0]?.status === "published",
        30_000,
        "the post to be published",
      );
      const [after] = await testDb().select().from(posts).where(eq(posts.id, id));
      const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, id));
      return { post: after!, target: target! };
    };

    await publishOne();
    await sleep(1_100);
    // The statements were prepared during the first publish, over a second before this one began.
    const secondBegan = Date.now();
    const { post, target } = await publishOne();
    expect(target.publishedAt).not.toBeNull();
    expect(target.updatedAt.getTime()).toBeGreaterThanOrEqual(target.publishedAt!.getTime());
    // Claimed, recorded and published in this second run, in that order. (Not "sent at or after the
    // claim": the claim's renewal moves publishing_started_at on while the page is in flight.)
    expect(target.publishingStartedAt!.getTime()).toBeGreaterThanOrEqual(secondBegan);
    expect(target.sentAt!.getTime()).toBeGreaterThanOrEqual(secondBegan);
    expect(target.publishedAt!.getTime()).toBeGreaterThanOrEqual(target.sentAt!.getTime());
    expect(post.publishedAt!.getTime()).toBe(target.publishedAt!.getTime());
    expect(post.updatedAt.getTime()).toBeGreaterThanOrEqual(post.publishedAt!.getTime());

    // Recording the text stamps the page with that moment too (it once kept the time of preparing),
    // seen while the platform holds the request up; a renewal of the claim since may stamp it later.
    await sandbox().setPublishLatency(3_000, page.pageId);
    await publishOne(3_000).finally(() => sandbox().setPublishLatency(0, page.pageId));
    expect(inFlight!.updatedAt.getTime()).toBeGreaterThanOrEqual(inFlight!.sentAt!.getTime());
  });
});
