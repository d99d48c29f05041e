import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { DEFAULT_GRAPH_VERSION, DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/** The operator's health check: what it reports of the database, Redis, the workers and the queue. */

const label = (text: string) => `${text} ${uid()}`;

describe("GET /api/health", () => {
  it("reports the database, Redis, a live worker, and how overdue the oldest due post is", async () => {
    const { client, user } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const page = account.pages[0]!;
    // Ten minutes overdue, its page waiting out a rate limit for another hour. One transaction:
    // committed without its page, the post could be failed by the worker's reconcile (no pages).
    const row = await testDb().transaction(async (tx) => {
      const [inserted] = await tx
        .insert(posts)
        .values({
          workspaceId: user.id,
          content: label("Overdue"),
          status: "scheduled",
          scheduledAt: new Date(Date.now() - 10 * 60_000),
        })
        .returning({ id: posts.id });
      await tx.insert(postTargets).values({
        postId: inserted!.id,
        pageId: page.id,
        type: "post",
        platform: "facebook",
        pageName: page.name,
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      });
      return inserted;
    });

    const response = await fetch(`${testStack().appUrl}/api/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as {
      status: string;
      database: { ok: boolean };
      redis: { ok: boolean };
      worker: { ok: boolean; count: number };
      oldestDuePost: { scheduledAt: string; overdueSeconds: number } | null;
    };
    expect(health).toMatchObject({
      success: true,
      status: "ok",
      database: { ok: true },
      redis: { ok: true },
      worker: { ok: true },
      // The versions in use are current: nothing to warn about.
      platformVersions: { facebook: DEFAULT_GRAPH_VERSION, linkedin: DEFAULT_LINKEDIN_VERSION, warnings: [] },
    });
    expect(health.worker.count).toBeGreaterThanOrEqual(1);
    expect(health.oldestDuePost!.overdueSeconds).toBeGreaterThanOrEqual(600);
    await client.delete(`/api/post/${row!.id}`);
  });
});
