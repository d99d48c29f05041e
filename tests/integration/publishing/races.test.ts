import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { platformPosts, sandbox, sleep, until } from "../../fixtures/publishing";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * Changing a post while the worker is publishing it, through the API as the scheduler does, with
 * the run's worker. The sandbox holds each of these Pages' calls in flight for a while (its own
 * latency, so no other test slows down). Whatever the timing, a Page gets the post at most once.
 */

const slowed: string[] = [];
afterEach(async () => {
  for (const pageId of slowed.splice(0)) await sandbox().setPublishLatency(0, pageId);
});

async function slow(pageIds: string[], ms: number) {
  for (const pageId of pageIds) {
    await sandbox().setPublishLatency(ms, pageId);
    slowed.push(pageId);
  }
}

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];

/**
 * A draft scheduled `leadMs` after it was saved: the time is taken once the draft exists, so a slow
 * save on a loaded machine cannot leave it in the past.
 */
async function scheduledDraft(client: Client, pages: { id: string }[], content: string, leadMs: number) {
  const draft = await client.post("/api/social/posts", {
    pages: pages.map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
    content,
  });
  expect(draft.status, draft.text).toBe(201);
  const id = (draft.body.post as { id: string }).id;
  const at = new Date(Date.now() + leadMs);
  const scheduled = await client.put(`/api/post/${id}`, { scheduledAt: at.toISOString(), status: "scheduled" });
  expect(scheduled.status, scheduled.text).toBe(200);
  return { id, at };
}

const targetsOf = (postId: string) => testDb().select().from(postTargets).where(eq(postTargets.postId, postId));
/**
 * A page being sent: claimed, with its text recorded as about to be sent. A page the dispatcher
 * reserved ahead of its instant is 'publishing' too, but nothing is on its way yet (sent_at null).
 */
const inFlight = (target: { status: string; sentAt: Date | null }) =>
  target.status === "publishing" && target.sentAt !== null;
const statusOf = async (client: Client, postId: string) =>
  ((await client.get(`/api/post/${postId}`)).body.post as { status: string } | undefined)?.status;
const onPlatform = async (pageId: string, text: string) =>
  (await platformPosts(pageId)).filter((post) => post.text === text).length;

describe("rescheduling or deleting a post while it is being published", () => {
  it(
    "a reschedule while a page is in flight is refused, and the post goes out once, at its time",
    { timeout: 60_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      await slow([fbUser.pages[0]!.id], 3_000);
      const content = `Held in flight ${uid()}`;
      const { id: postId, at } = await scheduledDraft(client, account.pages, content, 2_500);

      await until(async () => (await targetsOf(postId)).some(inFlight), 20_000, "the page to be in flight");
      // What dragging the post to tomorrow sends.
      const moved = await client.put(`/api/post/${postId}`, {
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toBe("This post is being published right now. Try again in a moment.");

      await until(async () => (await statusOf(client, postId)) === "published", 20_000, "the post to be published");
      expect(await onPlatform(fbUser.pages[0]!.id, content)).toBe(1);
      const [row] = await testDb().select().from(posts).where(eq(posts.id, postId));
      expect(row!.scheduledAt!.getTime()).toBe(at.getTime());
    },
  );

  it(
    "reschedules racing the worker page by page: each page gets the post exactly once",
    { timeout: 60_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids);
      // Each page's call takes 1.2 s: a move every 100–700 ms lands while one is in flight (the 409
      // this test needs), however busy the machine; at 400 ms a loaded run could miss every window.
      await slow(
        fbUser.pages.map((page) => page.id),
        1_200,
      );
      const content = `Moved while publishing ${uid()}`;
      // Far enough ahead that the first move lands before any page is claimed, however busy the
      // machine: from then on every move is to a moment 300 ms ahead, racing the worker.
      const { id: postId } = await scheduledDraft(client, account.pages, content, 3_000);

      // Keep moving it to a moment ahead, at random intervals, while its pages go out one by one:
      // some moves land before a page is claimed, some while one is in flight.
      const answers: number[] = [];
      const stopAt = Date.now() + 10_000;
      while (Date.now() < stopAt && (await statusOf(client, postId)) === "scheduled") {
        answers.push(
          (await client.put(`/api/post/${postId}`, { scheduledAt: new Date(Date.now() + 300).toISOString() })).status,
        );
        await sleep(100 + Math.random() * 600);
      }
      // 200 moved, 409 a page was in flight; 400 only if the moment had passed before the request landed.
      expect(answers.every((status) => [200, 400, 409].includes(status))).toBe(true);
      expect(answers).toContain(200);
      expect(answers).toContain(409);

      await until(async () => (await statusOf(client, postId)) === "published", 30_000, "the post to be published");
      for (const page of fbUser.pages) expect(await onPlatform(page.id, content)).toBe(1);
      expect((await targetsOf(postId)).every((target) => target.status === "published")).toBe(true);
    },
  );

  it(
    "deleting a post while a page is in flight: at most that one call reaches the platform, nothing is retried",
    { timeout: 60_000 },
    async () => {
      const stack = testStack();
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
      const pageIds = fbUser.pages.slice(0, 2).map((page) => page.id);
      await slow(pageIds, 2_500);
      const content = `Deleted mid-flight ${uid()}`;
      const { id: postId } = await scheduledDraft(client, account.pages, content, 2_000);

      await until(async () => (await targetsOf(postId)).some(inFlight), 20_000, "a page to be in flight");
      const deleted = await client.delete(`/api/post/${postId}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect((await client.get(`/api/post/${postId}`)).status).toBe(404);

      // Past the call in flight and past the time a dead worker's page would be taken over (5 s here).
      await sleep(9_000);
      const sent = (await onPlatform(pageIds[0]!, content)) + (await onPlatform(pageIds[1]!, content));
      expect(sent).toBeLessThanOrEqual(1);
      expect(await targetsOf(postId)).toEqual([]);
      // The job ended: no retry is waiting in the queue for a post that no longer exists.
      const redis = new Redis(stack.env.REDIS_URL!);
      const jobs = await redis.keys(`${stack.env.REDIS_PREFIX}:bull:publish-post:post-${postId}-*`);
      await redis.quit();
      expect(jobs).toEqual([]);
    },
  );

  it(
    "a page whose token is renewed while the post's other page is in flight goes out with the new token, not the job's earlier read",
    { timeout: 60_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
      const pageIds = fbUser.pages.slice(0, 2).map((page) => page.id);
      // Whichever page goes first is held in flight well past the second the job's read is trusted.
      await slow(pageIds, 2_500);
      const content = `Renewed meanwhile ${uid()}`;
      const { id: postId } = await scheduledDraft(client, account.pages, content, 2_000);

      let first: string | undefined;
      await until(
        async () => (first = (await targetsOf(postId)).find(inFlight)?.id) !== undefined,
        20_000,
        "a page to be in flight",
      );
      const waiting = (await targetsOf(postId)).find((row) => row.id !== first)!;
      const waitingPage = account.pages.find((page) => page.id === waiting.pageId)!;
      // The waiting page's token dies on the platform and 'Refresh Token' stores a new one.
      await sandbox().expireFacebookPageToken(waitingPage.pageId);
      const renewed = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
      expect(renewed.status, renewed.text).toBe(200);

      await until(
        async () => ["published", "failed"].includes((await statusOf(client, postId)) ?? ""),
        20_000,
        "the post to settle",
      );
      expect(await statusOf(client, postId)).toBe("published");
      for (const pageId of pageIds) expect(await onPlatform(pageId, content)).toBe(1);
    },
  );
});
