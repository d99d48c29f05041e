import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets, targetMetrics, users } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { authorize, completeCallback, defineFacebookUser, sandbox, storedTokens, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { until } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * Facebook reads go 50 posts a request (Graph's `?ids=`), and the sandbox counts each id as one
 * call, as Graph does for rate limits. Posts are created on the sandbox's Page directly (quicker
 * than 55 publishes) and entered as published pages of the connected Page; the run's worker reads them.
 */

const graph = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${testStack().sandboxUrl}/facebook/graph${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

const idsOf = (query: string | undefined) => new URLSearchParams(query ?? "").get("ids")?.split(",") ?? [];

async function connectedPage() {
  const { client, email } = await registeredClient();
  await defineFacebookUser(1);
  const search = await authorize(client, "facebook", {});
  const { userAccessToken } = await completeCallback(client, "facebook", search);
  const listed = await client.post("/api/social/facebook/pages", { userAccessToken });
  expect(listed.status, listed.text).toBe(200);
  const pageIds = (listed.body.data as { id: string }[]).map((page) => page.id);
  const connected = await client.post("/api/social/facebook/connect-pages", { userAccessToken, pages: pageIds });
  expect(connected.status, connected.text).toBe(200);
  const account = connected.body.data as { id: string; pages: { id: string; pageId: string }[] };
  const page = account.pages[0]!;
  const [user] = await testDb().select().from(users).where(eq(users.email, email));
  // The Page's token as the app stored it (one Page: the last token stored).
  const pageToken = (await storedTokens(account.id)).at(-1)!.plaintext;
  return { userId: user!.id, page, userAccessToken, pageToken };
}

async function publishOnSandbox(pageId: string, pageToken: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await graph(`/${pageId}/feed`, pageToken, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: `Batch ${i} ${uid()}` }),
    });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

/** Our published pages for those platform posts, all due at once (one insert: one claim). */
async function enterAsPublished(userId: string, pageDbId: string, platformIds: string[]) {
  const at = new Date(Date.now() - 60_000);
  const created = await testDb()
    .insert(posts)
    .values(
      platformIds.map((id) => ({
        workspaceId: userId,
        content: `Batch ${id}`,
        status: "published" as const,
        publishedAt: at,
      })),
    )
    .returning({ id: posts.id });
  const targets = await testDb()
    .insert(postTargets)
    .values(
      platformIds.map((platformPostId, index) => ({
        postId: created[index]!.id,
        pageId: pageDbId,
        platform: "facebook" as const,
        pageName: "Batch page",
        status: "published" as const,
        platformPostId,
        publishedAt: at,
      })),
    )
    .returning({ id: postTargets.id, platformPostId: postTargets.platformPostId });
  return targets;
}

const metricRows = (targetIds: string[]) =>
  testDb().select().from(targetMetrics).where(inArray(targetMetrics.postTargetId, targetIds));

describe("Facebook metrics reads", () => {
  it("read 50 posts a request with ?ids=, each id counted as one call, and a deleted id fails only itself", async () => {
    const { userId, page, pageToken } = await connectedPage();
    const platformIds = await publishOnSandbox(page.pageId, pageToken, 55);
    const targets = await enterAsPublished(userId, page.id, platformIds);
    const targetIds = targets.map((target) => target.id);

    await until(
      () => metricRows(targetIds),
      (rows) => rows.length === 55 && rows.every((row) => row.capturedAt !== null),
      "every page to be read",
      40_000,
    );
    const reads = (
      await sandbox().publishCalls({ platform: "facebook", target: page.pageId, metricReads: true })
    ).filter((call) => call.operation === "metrics");
    // One log entry per id (Graph's count), and the entries of one request share its query.
    expect(reads).toHaveLength(55);
    const requests = new Map<string, string[]>();
    for (const call of reads) requests.set(call.query ?? "", idsOf(call.query));
    expect([...requests.values()].map((ids) => ids.length).sort((a, b) => a - b)).toEqual([5, 50]);
    expect([...requests.values()].flat().sort()).toEqual([...platformIds].sort());
    const rows = await metricRows(targetIds);
    expect(rows.every((row) => (row.views ?? 0) > 0 && row.removedAt === null)).toBe(true);

    // A post deleted on Facebook: Graph fails the whole request with #803 naming it; it is marked
    // removed and the others are read again, all in the same run.
    const [gone] = targets;
    await sandbox().deletePlatformPost("facebook", gone!.platformPostId!);
    // The sandbox's clock may be moved by other tests: calls are told apart by position (oldest first).
    const marker = (await sandbox().publishCalls({ platform: "facebook", target: page.pageId, metricReads: true }))
      .length;
    const before = new Map(rows.map((row) => [row.postTargetId, row.capturedAt!.getTime()]));
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: new Date() })
      .where(inArray(targetMetrics.postTargetId, targetIds));
    const after = await until(
      () => metricRows(targetIds),
      (current) =>
        current.every((row) =>
          row.postTargetId === gone!.id
            ? row.removedAt !== null
            : row.capturedAt!.getTime() > before.get(row.postTargetId)!,
        ),
      "the deleted post to be marked and the rest read again",
      40_000,
    );
    expect(after.find((row) => row.postTargetId === gone!.id)!.nextSyncAt).toBeNull();
    const again = (await sandbox().publishCalls({ platform: "facebook", target: page.pageId, metricReads: true }))
      .slice(marker)
      .filter((call) => call.operation === "metrics");
    const refused = again.filter((call) => call.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((call) => idsOf(call.query).includes(gone!.platformPostId!))).toBe(true);
    const answered = again.filter((call) => call.status === 200).flatMap((call) => idsOf(call.query));
    expect(answered).not.toContain(gone!.platformPostId);
    expect(new Set(answered)).toEqual(new Set(platformIds.slice(1)));
  });

  it("the sandbox refuses more than 50 ids, another Page's posts, and ids that do not exist", async () => {
    const { page, pageToken } = await connectedPage();
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `${page.pageId}_${900000 + i}`).join(",");
    const tooMany = await graph(`/?ids=${fiftyOne}&fields=id`, pageToken);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 100,
      message: "(#100) Too many IDs. Maximum: 50. Provided: 51.",
    });

    const other = await connectedPage();
    const [otherPost] = await publishOnSandbox(other.page.pageId, other.pageToken, 1);
    const foreign = await graph(`/?ids=${otherPost}&fields=id`, pageToken);
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { code: number } }).error.code).not.toBe(803);
    const own = await graph(`/?ids=${otherPost}&fields=id`, other.pageToken);
    expect(await own.json()).toEqual({ [otherPost!]: { id: otherPost } });

    const missing = await graph(`/?ids=${page.pageId}_1,${page.pageId}_2&fields=id`, pageToken);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 803,
      message: `(#803) Some of the aliases you requested do not exist: ${page.pageId}_1,${page.pageId}_2`,
    });
  });
});
