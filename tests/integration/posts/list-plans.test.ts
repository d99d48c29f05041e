import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registeredClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { analyzedPlan, mostLoops, namedStatementsSent } from "../../fixtures/statement-plans";
import { testDb } from "../../fixtures/test-db";

/**
 * How Postgres runs a page of the post list (lib/posts/server/queries.ts), the app's hottest read:
 * the JSON of the page's posts only, however deep the page, and a plan made once per connection.
 * The list's answers themselves are held by post-reads.test.ts.
 */

appInProcess();

/** A user with `count` drafts, one a minute apart, newest first by creation (ids break no tie). */
async function userWithPosts(count: number) {
  const { user } = await registeredClient();
  const { rows } = await testDb().execute<{ id: string }>(sql`
    insert into posts (workspace_id, content, status, created_at)
    select ${user.id}, 'Post ' || g, 'draft', timestamptz '2026-11-01 09:00:00+00' - g * interval '1 minute'
    from generate_series(1, ${count}) g
    order by g
    returning id`);
  return { userId: user.id, newestFirst: rows.map((row) => row.id) };
}

describe("a page of the post list", () => {
  it("writes the JSON of the page's posts only, however many posts come before the page", async () => {
    const { userId, newestFirst } = await userWithPosts(600);
    const { listPosts } = await import("@/lib/posts/server/queries");
    const pool = (await import("@/db")).plannedOnceDb().$client;
    const { result: page, sent } = await namedStatementsSent(pool, "posts_page_", () =>
      listPosts(userId, { status: "all", page: 51, limit: 10, sort: "date" }),
    );
    const ids = (JSON.parse(page.posts) as { id: string }[]).map((post) => post.id);
    expect(ids).toEqual(newestFirst.slice(500, 510));
    expect(page.pagination).toEqual({ page: 51, limit: 10, total: 600, totalPages: 60 });

    // Built beside the LIMIT, each post's JSON was written for the 500 posts the OFFSET skips too.
    const plan = await analyzedPlan(pool, sent.get("posts_page_all_date")!);
    expect(mostLoops(plan)).toBeLessThanOrEqual(10);
  });

  it("is planned once per connection, and that plan kept, for every filter, sort and page", async () => {
    const { userId } = await userWithPosts(30);
    const { listPosts } = await import("@/lib/posts/server/queries");
    // One request at a time: the pool keeps reusing the one connection it opened.
    for (const sort of ["date", "views", "likes", "status"] as const)
      for (const status of ["all", "draft"] as const)
        for (const page of [1, 2, 3, 4, 5, 6, 7]) await listPosts(userId, { status, page, limit: 5, sort });
    const pool = (await import("@/db")).plannedOnceDb().$client;
    expect(pool.totalCount).toBe(1);
    const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
      `select name, generic_plans, custom_plans from pg_prepared_statements where name like 'posts_page_%' order by name`,
    );
    expect(rows).toHaveLength(8);
    // Left to choose, Postgres plans each of these again on every run (0.3-0.5 ms a page).
    for (const row of rows) expect(row, row.name).toMatchObject({ custom_plans: "0" });
    expect(rows.every((row) => Number(row.generic_plans) >= 7)).toBe(true);
    // A plan costed for an unknown LIMIT and OFFSET crosses jit_above_cost: compiled on every run.
    expect((await pool.query<{ jit: string }>("show jit")).rows[0]!.jit).toBe("off");
  });
});
