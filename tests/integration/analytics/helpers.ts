import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { metricSnapshots, postTargets, socialAccounts, targetMetrics, type TargetMetric } from "@/db/schema";
import { engagementAt } from "@/sandbox/metrics";
import type { ApiClient } from "../../fixtures/api-client";
import { authorize, completeCallback, sandbox, uid, type ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";

export { sleep };

/** Polls `read` until `done` holds or the deadline passes (no fixed sleeps). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

export async function connectTwitter(client: ApiClient) {
  const search = await authorize(client, "twitter", { username: `an_${uid()}` });
  const { userAccessToken, accountId: twitterUserId } = await completeCallback(client, "twitter", search);
  const response = await client.post("/api/social/connect/twitter", { userAccessToken });
  expect(response.status, response.text).toBe(200);
  return { twitterUserId, account: response.body.data as ConnectedAccountBody };
}

export async function draft(client: ApiClient, pages: { id: string; platform: string }[], content: string) {
  const response = await client.post("/api/social/posts", {
    pages: pages.map((page) => ({ type: "post", pageId: page.id, platform: page.platform })),
    content,
  });
  expect(response.status, response.text).toBe(201);
  return (response.body.post as { id: string }).id;
}

export async function publishNow(client: ApiClient, postId: string) {
  const response = await client.post(`/api/post/${postId}/publish`, {});
  expect(response.status, response.text).toBe(200);
  return until(
    async () => (await client.get(`/api/post/${postId}`)).body.post as { status: string },
    (post) => post.status === "published",
    "the post to be published",
  );
}

export async function targetsOf(postId: string) {
  return testDb().select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform);
}

export async function metricsOf(postId: string): Promise<TargetMetric[]> {
  return testDb().select().from(targetMetrics).where(eq(targetMetrics.postId, postId)).orderBy(targetMetrics.platform);
}

export async function snapshotsOf(targetIds: string[]) {
  return testDb().select().from(metricSnapshots).where(inArray(metricSnapshots.postTargetId, targetIds));
}

export async function accountRow(accountId: string) {
  const [account] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  return account!;
}

/**
 * What the sandbox's platform answered for a post read at `capturedAt` (our clock): the sandbox's
 * own figures at that moment of its clock (which tests may have moved), or at the step before it
 * when the read crossed a 10-minute step on its way back.
 */
export async function expectedFigures(platform: "facebook" | "twitter", platformPostId: string, capturedAt: Date) {
  const [post] = (await sandbox().publishedPosts({ platform })).filter((entry) => entry.id === platformPostId);
  const now = await sandbox().platformMetrics(platform, platformPostId);
  const offset = now.now - Date.now();
  const at = (ms: number) => engagementAt({ id: platformPostId, createdAtMs: Date.parse(post!.createdAt) }, ms);
  return [at(capturedAt.getTime() + offset), at(capturedAt.getTime() + offset - 5_000)];
}
