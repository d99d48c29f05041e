import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { posts, postTargets, users } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * Issue #18: every publish changes a post's status (post_counts) and writes its page's metrics row
 * (analytics_versions), both per-user counters kept by triggers. As one row per user, a second
 * publish for the same user waited on the first's row lock until that one committed; the counters
 * are now spread over slots by transaction id (migration 0012). Two open transactions in different
 * slots publish for one user, the second under a lock timeout: it fails if it has to wait.
 */

const SLOTS = 16;
const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 4 });

afterAll(() => pool.end());

async function userWithPosts(count: number) {
  const { email } = await registeredClient();
  const [user] = await testDb().select().from(users).where(eq(users.email, email));
  const rows = await testDb()
    .insert(posts)
    .values(
      Array.from({ length: count }, () => ({
        workspaceId: user!.id,
        content: `Slot ${uid()}`,
        status: "scheduled" as const,
      })),
    )
    .returning();
  const targets = await testDb()
    .insert(postTargets)
    .values(
      rows.map((post) => ({
        postId: post.id,
        platform: "facebook" as const,
        pageName: "Slots page",
        status: "publishing" as const,
      })),
    )
    .returning();
  return { userId: user!.id, posts: rows, targets };
}

async function begin(client: pg.PoolClient) {
  await client.query("BEGIN");
  const { rows } = await client.query<{ xid: string }>("SELECT pg_current_xact_id()::text AS xid");
  return Number(BigInt(rows[0]!.xid) % BigInt(SLOTS));
}

/**
 * What settling a published page writes: the target's status (whose trigger starts the page's
 * metrics row, migration 0007) and the post's status.
 */
async function publish(client: pg.PoolClient, postId: string, targetId: string) {
  await client.query(
    "UPDATE post_targets SET status = 'published', platform_post_id = $2, published_at = now() WHERE id = $1",
    [targetId, `fb_${uid()}`],
  );
  await client.query("UPDATE posts SET status = 'published', published_at = now() WHERE id = $1", [postId]);
}

async function analyticsVersion(userId: string) {
  const { rows } = await pool.query<{ version: string }>(
    "SELECT coalesce(sum(version), 0)::text AS version FROM analytics_versions WHERE workspace_id = $1",
    [userId],
  );
  return Number(rows[0]!.version);
}

describe("per-user counters under concurrent publishing", () => {
  it("a second publish for the same user does not wait for the first to commit", async () => {
    const {
      userId,
      posts: [first, second],
      targets,
    } = await userWithPosts(2);
    const versionBefore = await analyticsVersion(userId);
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      const slotA = await begin(a);
      await publish(a, first!.id, targets[0]!.id);
      // Another slot for the second transaction (transaction ids are shared by every test's
      // database on this server, so the next one may land in the same slot: begin again).
      let slotB = await begin(b);
      while (slotB === slotA) {
        await b.query("ROLLBACK");
        slotB = await begin(b);
      }
      await b.query("SET LOCAL lock_timeout = '2s'");
      await expect(publish(b, second!.id, targets[1]!.id)).resolves.toBeUndefined();
      await b.query("COMMIT");
      await a.query("COMMIT");
    } finally {
      await a.query("ROLLBACK").catch(() => undefined);
      await b.query("ROLLBACK").catch(() => undefined);
      a.release();
      b.release();
    }

    const { rows } = await pool.query<{ status: string; total: string }>(
      "SELECT status, sum(count)::text AS total FROM post_counts WHERE workspace_id = $1 GROUP BY status ORDER BY status",
      [userId],
    );
    expect(rows.map((row) => [row.status, Number(row.total)])).toEqual([
      ["scheduled", 0],
      ["published", 2],
    ]);
    // Each transaction bumped the version once, in its own slot.
    expect(await analyticsVersion(userId)).toBe(versionBefore + 2);
  });
});
