import fc from "fast-check";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectionOptions } from "@/db/connection-options";
import { nextSyncAt, phaseOf } from "@/lib/analytics/metrics-math";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { connectTwitter, draft, targetsOf } from "./helpers";

/**
 * When a published page is first read (issue #18, migration 0013): at the next point of its
 * 15-minute grid, the very grid the sync reschedules on (metrics-math.ts nextSyncAt, computed
 * again in SQL by the trigger), so posts due at one instant are not read in the middle of their
 * publishing. A connection that says `postloom.metrics_first_read = at-once` (the test stack's
 * METRICS_FIRST_READ) reads at once.
 */

const pools: pg.Pool[] = [];
function connect(options: { options?: string } = {}) {
  const pool = new pg.Pool({ connectionString: inject("stack").databaseUrl, max: 1, ...options });
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

const MINUTE = 60_000;

/** Publishes the target inside a transaction that is rolled back, and returns its first read with the transaction's clock. */
async function firstRead(pool: pg.Pool, targetId: string) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      "UPDATE post_targets SET status = 'published', platform_post_id = $2, published_at = now() WHERE id = $1",
      [targetId, `first-read-${targetId}`],
    );
    const { rows } = await client.query<{ due_ms: string; now_ms: string }>(
      `SELECT floor(extract(epoch FROM next_sync_at) * 1000)::bigint::text AS due_ms,
              floor(extract(epoch FROM now()) * 1000)::bigint::text AS now_ms
       FROM target_metrics WHERE post_target_id = $1`,
      [targetId],
    );
    return { dueMs: Number(rows[0]!.due_ms), nowMs: Number(rows[0]!.now_ms) };
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

async function phaseKeyOf(pageRowId: string) {
  const { rows } = await connect().query<{ key: string }>(
    "SELECT social_account_id::text || ':' || page_id AS key FROM social_pages WHERE id = $1",
    [pageRowId],
  );
  return rows[0]!.key;
}

describe("a published page's first metrics read", () => {
  it("falls on the page's grid, the sync's own, for X and Facebook pages alike; at once only when the connection asks", async () => {
    const { client } = await registeredClient();
    const { account: x } = await connectTwitter(client);
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const pages = [
      { id: x.pages[0]!.id, platform: "twitter" },
      { id: facebook.pages[0]!.id, platform: "facebook" },
    ];
    const postId = await draft(client, pages, "Read me later");
    const targets = await targetsOf(postId);
    const grid = connect();
    const atOnce = connect(connectionOptions("at-once"));

    for (const target of targets) {
      const key = await phaseKeyOf(target.pageId!);
      const { dueMs, nowMs } = await firstRead(grid, target.id);
      expect(dueMs).toBe(nextSyncAt(new Date(nowMs), new Date(nowMs), key)!.getTime());
      expect(dueMs).toBeGreaterThan(nowMs);
      expect(dueMs - nowMs).toBeLessThanOrEqual(15 * MINUTE);

      const immediate = await firstRead(atOnce, target.id);
      expect(immediate.dueMs).toBe(immediate.nowMs);
    }
    // Nothing was kept: both transactions were rolled back.
    const { rows } = await grid.query("SELECT 1 FROM target_metrics WHERE post_id = $1", [postId]);
    expect(rows).toEqual([]);
  });

  it("SQL's phase and grid are metrics-math's to the millisecond, for any key and instant", async () => {
    const pool = connect();
    const gridStart = Date.UTC(2026, 10, 27, 9, 0, 0);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Postgres text holds no NUL character.
          fc.string({ unit: "grapheme", maxLength: 40 }).filter((key) => !key.includes("\0")),
          fc.tuple(fc.uuid(), fc.stringMatching(/^[0-9]{1,20}$/)).map(([account, page]) => `${account}:${page}`),
        ),
        // Around a grid point, on it, and anywhere within a few years.
        fc.oneof(
          fc.integer({ min: -2_000, max: 2_000 }).map((offset) => gridStart + offset),
          fc.integer({ min: 0, max: 200 }).map((steps) => gridStart + steps * 15 * MINUTE),
          fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        ),
        async (key, atMs) => {
          const { rows } = await pool.query<{ phase: number; due_ms: string }>(
            `SELECT metrics_phase($1) AS phase,
                    floor(extract(epoch FROM metrics_first_read_at($1, 'epoch'::timestamptz + $2::bigint * interval '1 millisecond')) * 1000)::bigint::text AS due_ms`,
            [key, atMs],
          );
          expect(rows[0]!.phase).toBe(phaseOf(key));
          expect(Number(rows[0]!.due_ms)).toBe(nextSyncAt(new Date(atMs), new Date(atMs), key)!.getTime());
        },
      ),
      { numRuns: 300, seed: 18 },
    );
    // Keys beyond the Basic Multilingual Plane hash their UTF-16 surrogate pairs, as JavaScript does.
    for (const key of ["", "page:😀", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "ü:ß"]) {
      const { rows } = await pool.query<{ phase: number }>("SELECT metrics_phase($1) AS phase", [key]);
      expect(rows[0]!.phase, key).toBe(phaseOf(key));
    }
  });
});
