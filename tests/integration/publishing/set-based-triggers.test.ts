import { randomUUID } from "node:crypto";
import fc from "fast-check";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testStack } from "../../fixtures/test-stack";

/**
 * Migration 0014: the post counters (post_counts) and the published pages' metrics rows
 * (target_metrics) are kept by triggers that run once per statement over its transition tables,
 * in place of once per row. Random sequences of statements, each changing many rows at once
 * (rows already in the status they are set to, owners moved, posts deleted, pages published,
 * unpublished and published again, statements that change nothing), and after each one:
 * - every user's counters sum to the number of their posts in each status;
 * - every page that has been published with a platform id has exactly one metrics row, carrying its
 *   post's owner and post (no longer foreign keys: the row goes with its page, its post, its owner);
 * - no other page has one;
 * - a statement that gives pages metrics rows moves each of their owners' analytics version once
 *   (migration 0017: bumped by the statement, no longer by a deferred trigger per row).
 * Each statement commits on its own, so the counters land in different slots (migration 0012).
 */

const STATUSES = ["draft", "scheduled", "published", "failed"] as const;
const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 2 });
afterAll(() => pool.end());

const pick = fc.array(fc.nat(), { minLength: 1, maxLength: 6 });
const operation = fc.oneof(
  fc.record({
    kind: fc.constant("insert" as const),
    user: fc.nat(2),
    statuses: fc.array(fc.constantFrom(...STATUSES), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("status" as const), pick, status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant("owner" as const), pick, user: fc.nat(2) }),
  fc.record({ kind: fc.constant("delete" as const), pick }),
  fc.record({ kind: fc.constant("publish" as const), pick, withPlatformId: fc.boolean() }),
  fc.record({ kind: fc.constant("unpublish" as const), pick }),
  fc.record({ kind: fc.constant("nothing" as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface World {
  users: string[];
  /** Pages published with a platform id at some point, and not deleted since. */
  everPublished: Set<string>;
}

async function ids(table: "posts" | "post_targets", users: string[]): Promise<string[]> {
  const owned =
    table === "posts"
      ? "SELECT id FROM posts WHERE workspace_id = ANY($1) ORDER BY id"
      : "SELECT t.id FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.workspace_id = ANY($1) ORDER BY t.id";
  return (await pool.query<{ id: string }>(owned, [users])).rows.map((row) => row.id);
}

const chosen = (all: string[], indexes: number[]) =>
  all.length === 0 ? [] : [...new Set(indexes.map((index) => all[index % all.length]!))];

async function apply(world: World, op: Operation): Promise<void> {
  switch (op.kind) {
    case "insert": {
      // One statement for the posts, one for their pages.
      const { rows } = await pool.query<{ id: string }>(
        "INSERT INTO posts (workspace_id, content, status) SELECT $1, 'Triggers', s FROM unnest($2::post_status[]) s RETURNING id",
        [world.users[op.user], op.statuses],
      );
      await pool.query(
        "INSERT INTO post_targets (post_id, platform, page_name) SELECT id, 'facebook', 'Triggers page' FROM unnest($1::uuid[]) id",
        [rows.map((row) => row.id)],
      );
      return;
    }
    case "status":
      await pool.query("UPDATE posts SET status = $2 WHERE id = ANY($1)", [
        chosen(await ids("posts", world.users), op.pick),
        op.status,
      ]);
      return;
    case "owner":
      await pool.query("UPDATE posts SET workspace_id = $2 WHERE id = ANY($1)", [
        chosen(await ids("posts", world.users), op.pick),
        world.users[op.user],
      ]);
      return;
    case "delete":
      await pool.query("DELETE FROM posts WHERE id = ANY($1)", [chosen(await ids("posts", world.users), op.pick)]);
      return;
    case "publish": {
      const before = await analyticsOf(world.users);
      // A new platform id each time: a page published again gets none of a second metrics row.
      const { rows } = await pool.query<{ id: string; platform_post_id: string | null }>(
        `UPDATE post_targets SET status = 'published', published_at = now(),
           platform_post_id = CASE WHEN $2 THEN 'p-' || gen_random_uuid() END
         WHERE id = ANY($1) RETURNING id, platform_post_id`,
        [chosen(await ids("post_targets", world.users), op.pick), op.withPlatformId],
      );
      for (const row of rows) if (row.platform_post_id !== null) world.everPublished.add(row.id);
      const after = await analyticsOf(world.users);
      for (const [index, user] of world.users.entries()) {
        const gotRows = after[index]!.rows > before[index]!.rows;
        expect(after[index]!.version - before[index]!.version, user).toBe(gotRows ? 1 : 0);
      }
      return;
    }
    case "unpublish":
      await pool.query("UPDATE post_targets SET status = 'failed' WHERE id = ANY($1)", [
        chosen(await ids("post_targets", world.users), op.pick),
      ]);
      return;
    case "nothing":
      await pool.query("UPDATE posts SET status = 'draft' WHERE false");
      await pool.query("UPDATE post_targets SET status = 'published' WHERE false");
      return;
  }
}

/** Each user's metrics rows and analytics version (the sum of its slots), in the order of `users`. */
async function analyticsOf(users: string[]): Promise<{ rows: number; version: number }[]> {
  const { rows } = await pool.query<{ rows: number; version: number }>(
    `SELECT (SELECT count(*) FROM target_metrics m WHERE m.workspace_id = u.id)::int AS rows,
            (SELECT coalesce(sum(version), 0) FROM analytics_versions v WHERE v.workspace_id = u.id)::int AS version
     FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n) ORDER BY u.n`,
    [users],
  );
  return rows;
}

async function expectConsistent(world: World): Promise<void> {
  const counted = await pool.query<{ workspace_id: string; status: string; n: number }>(
    `SELECT workspace_id, status, sum(count)::int AS n FROM post_counts WHERE workspace_id = ANY($1)
     GROUP BY workspace_id, status HAVING sum(count) <> 0 ORDER BY workspace_id, status`,
    [world.users],
  );
  const actual = await pool.query<{ workspace_id: string; status: string; n: number }>(
    `SELECT workspace_id, status, count(*)::int AS n FROM posts WHERE workspace_id = ANY($1)
     GROUP BY workspace_id, status ORDER BY workspace_id, status`,
    [world.users],
  );
  expect(counted.rows).toEqual(actual.rows);

  const targets = new Set(await ids("post_targets", world.users));
  for (const id of world.everPublished) if (!targets.has(id)) world.everPublished.delete(id);
  const metrics = await pool.query<{ post_target_id: string; owner_matches: boolean; post_matches: boolean }>(
    `SELECT m.post_target_id, m.workspace_id = p.workspace_id AS owner_matches, m.post_id = t.post_id AS post_matches
     FROM target_metrics m JOIN post_targets t ON t.id = m.post_target_id JOIN posts p ON p.id = t.post_id
     WHERE p.workspace_id = ANY($1) ORDER BY m.post_target_id`,
    [world.users],
  );
  expect(metrics.rows.map((row) => row.post_target_id)).toEqual([...world.everPublished].sort());
  // The owner copied when the page was published (an owner moved later keeps the old copy: the app
  // never moves a post, and nothing reads the copy against the post).
  expect(metrics.rows.every((row) => row.post_matches)).toBe(true);
}

describe("set-based publish triggers (migration 0014)", () => {
  it("counters and metrics rows stay exact over random statements of many rows, and go with their owner", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const users = [randomUUID(), randomUUID(), randomUUID()];
        await pool.query(
          "INSERT INTO users (id, name, email) SELECT id, 'Triggers', id || '@example.com' FROM unnest($1::text[]) id",
          [users],
        );
        await pool.query("INSERT INTO workspaces (id, name) SELECT id, 'Personal' FROM unnest($1::text[]) id", [users]);
        const world: World = { users, everPublished: new Set() };
        for (const op of operations) {
          await apply(world, op);
          await expectConsistent(world);
        }
        // Deleting the workspaces takes their posts, pages, metrics rows and counters with them.
        await pool.query("DELETE FROM workspaces WHERE id = ANY($1)", [users]);
        const left = await pool.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM target_metrics WHERE workspace_id = ANY($1))::int
                + (SELECT count(*) FROM post_counts WHERE workspace_id = ANY($1))::int AS n`,
          [users],
        );
        expect(left.rows[0]!.n).toBe(0);
      }),
      {
        numRuns: 40,
        seed: 14,
        // A page published with no platform id, then given one while still published.
        examples: [
          [
            [
              { kind: "insert", user: 0, statuses: ["scheduled"] },
              { kind: "publish", pick: [0], withPlatformId: false },
              { kind: "publish", pick: [0], withPlatformId: true },
            ],
          ],
        ],
      },
    );
  });

  it("fire no trigger per row when pages get their metrics rows", async () => {
    // tgtype: bit 0 a row trigger, bit 2 on INSERT.
    const { rows } = await pool.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger
       WHERE tgrelid = 'target_metrics'::regclass AND NOT tgisinternal AND tgtype & 1 = 1 AND tgtype & 4 = 4`,
    );
    expect(rows).toEqual([]);
  });
});
