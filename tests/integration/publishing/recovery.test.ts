import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { authorize, completeCallback, connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];

async function controlPost(path: string, body: unknown) {
  const response = await fetch(`${testStack().sandboxUrl}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.text()).toBe(true);
}

async function published(platform: string, target: string) {
  const response = await fetch(
    `${testStack().sandboxUrl}/_control/publish/posts?platform=${platform}&target=${target}`,
  );
  return ((await response.json()) as { posts: { text: string }[] }).posts;
}

async function waitForStatus(client: Client, postId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = (await client.get(`/api/post/${postId}`)).body.post as { status: string };
    if (post.status === "published" || post.status === "failed" || Date.now() > deadline) return post;
    await sleep(250);
  }
}

describe("publishing: retries and recovery", () => {
  it("a 429 from X is retried after the platform's reset time, and posts once", async () => {
    const { client } = await registeredClient();
    const { userAccessToken, accountId: twitterUserId } = await completeCallback(
      client,
      "twitter",
      await authorize(client, "twitter", { username: `rl_${uid()}` }),
    );
    const account = (await client.post("/api/social/connect/twitter", { userAccessToken })).body.data as {
      pages: { id: string }[];
    };
    const draft = await client.post("/api/social/posts", {
      pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "twitter" }],
      content: `Rate limited ${uid()}`,
    });
    const postId = (draft.body.post as { id: string }).id;

    const faultAt = Date.now();
    await controlPost("/publish/faults", { platform: "twitter", kind: "rate_limit", times: 1, resetAfterSeconds: 8 });
    await client.post(`/api/post/${postId}/publish`, {});
    expect((await waitForStatus(client, postId)).status).toBe("published");
    const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, postId));
    expect(target!.attempts).toBe(2);
    expect(target!.publishedAt!.getTime()).toBeGreaterThanOrEqual(faultAt + 7_500);
    expect(await published("twitter", twitterUserId)).toHaveLength(1);
  });

  it("wiping Redis loses nothing: reconciliation rebuilds the queue and each post goes out once", async () => {
    const stack = testStack();
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const at = new Date(Date.now() + 4_000);
    const ids: string[] = [];
    for (const label of ["first", "second"]) {
      const draft = await client.post("/api/social/posts", {
        pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "facebook" }],
        content: `Wiped ${label} ${uid()}`,
      });
      const id = (draft.body.post as { id: string }).id;
      await client.put(`/api/post/${id}`, { scheduledAt: at.toISOString(), status: "scheduled" });
      ids.push(id);
    }

    // Everything this run keeps in Redis, gone (the FLUSHALL of a shared server, scoped to our prefix).
    const redis = new Redis(stack.env.REDIS_URL!);
    const keys = await redis.keys(`${stack.env.REDIS_PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    // (The live worker may write its own queue bookkeeping again at once; our posts' jobs are gone.)
    for (const id of ids) expect(await redis.keys(`${stack.env.REDIS_PREFIX}:bull:*:post-${id}-*`)).toEqual([]);
    await redis.quit();

    Object.assign(process.env, stack.env);
    const { reconcile } = await import("@/lib/publishing/server/reconcile");
    const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
    const { closeDb } = await import("@/db");
    const report = await reconcile();
    await closePublishQueue();
    await closeDb();
    expect(report.enqueued).toBeGreaterThanOrEqual(2);

    for (const id of ids) expect((await waitForStatus(client, id)).status).toBe("published");
    expect(await published("facebook", fbUser.pages[0]!.id)).toHaveLength(2);
  });
});
