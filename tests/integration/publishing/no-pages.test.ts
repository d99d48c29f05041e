import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/** A scheduled post published nowhere must never read as published. */

beforeAll(() => {
  // The engine runs in this process too (a second worker), on the run's database and prefix.
  Object.assign(process.env, testStack().env);
});
afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  const { closeRedis } = await import("@/lib/server/redis");
  const { closeDb } = await import("@/db");
  await Promise.allSettled([closePublishQueue(), closeRedis(), closeDb()]);
});

describe("a scheduled post with no page", () => {
  it("fails with the reason instead of reading as published (the product never writes one; a bad row must not lie)", async () => {
    const { user } = await registeredClient();
    const [post] = await testDb()
      .insert(posts)
      .values({ workspaceId: user.id, content: `Nowhere ${uid()}`, status: "scheduled", scheduledAt: new Date() })
      .returning();
    const { runPublishJob } = await import("@/lib/publishing/server/engine");
    const { NO_PAGES } = await import("@/lib/publishing/server/settle");
    // The stack's worker may get there first (its sweep finds due posts): either way it is settled once.
    await runPublishJob(post!.id, post!.scheduleVersion);
    const [after] = await testDb().select().from(posts).where(eq(posts.id, post!.id));
    expect(after).toMatchObject({ status: "failed", failureReason: NO_PAGES, publishedAt: null });
  });
});
