import fc from "fast-check";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connectionOptions } from "@/db/connection-options";
import { nextSyncAt } from "@/lib/analytics/metrics-math";
import { syncPhase } from "@/lib/analytics/server/sync-phase";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { connectTwitter, draft, targetsOf } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * When a published page is first read (migration 0013): at the next point of its
 * 15-minute grid, the very grid the sync reschedules on (metrics-math.ts nextSyncAt, computed
 * again in SQL by the trigger), so posts due at one instant are not read in the middle of their
 * publishing. A connection that says `postloom.metrics_first_read = at-once` (the test stack's
 * METRICS_FIRST_READ) reads at once.
 */

const pools: pg.Pool[] = [];
function connect(options: { options?: string } = {}) {
  const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 1, ...options });
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

async function phaseOf(pool: pg.Pool, pageRowId: string) {
  const { rows } = await pool.query<{ account_id: string; page_id: string }>(
    "SELECT social_account_id AS account_id, page_id FROM social_pages WHERE id = $1",
    [pageRowId],
  );
  return syncPhase(rows[0]!.account_id, rows[0]!.page_id);
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
      const phase = await phaseOf(grid, target.pageId!);
      const { dueMs, nowMs } = await firstRead(grid, target.id);
      expect(dueMs).toBe(nextSyncAt(new Date(nowMs), new Date(nowMs), phase)!.getTime());
      expect(dueMs).toBeGreaterThan(nowMs);
      expect(dueMs - nowMs).toBeLessThanOrEqual(15 * MINUTE);

      const immediate = await firstRead(atOnce, target.id);
      expect(immediate.dueMs).toBe(immediate.nowMs);
    }
    // Nothing was kept: both transactions were rolled back.
    const { rows } = await grid.query("SELECT 1 FROM target_metrics WHERE post_id = $1", [postId]);
    expect(rows).toEqual([]);
  });

  it("SQL's phase and grid are the sync's to the millisecond, for any page and instant", async () => {
    const pool = connect();
    const gridStart = Date.UTC(2026, 10, 27, 9, 0, 0);
    await fc.assert(
      fc.asyncProperty(
        fc.uuid(),
        fc.oneof(
          fc.stringMatching(/^[0-9]{1,20}$/),
          fc.constantFrom("urn:li:person:AbC-12_x", "page:😀", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "ü:ß", ""),
          // Postgres text holds no NUL character.
          fc.string({ unit: "grapheme", maxLength: 40 }).filter((key) => !key.includes("\0")),
        ),
        // Around a grid point, on it, and anywhere within a few years.
        fc.oneof(
          fc.integer({ min: -2_000, max: 2_000 }).map((offset) => gridStart + offset),
          fc.integer({ min: 0, max: 200 }).map((steps) => gridStart + steps * 15 * MINUTE),
          fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        ),
        async (accountId, pageId, atMs) => {
          const { rows } = await pool.query<{ phase: number; due_ms: string }>(
            `SELECT metrics_phase($1, $2) AS phase,
                    floor(extract(epoch FROM metrics_first_read_at(metrics_phase($1, $2),
                      'epoch'::timestamptz + $3::bigint * interval '1 millisecond')) * 1000)::bigint::text AS due_ms`,
            [accountId, pageId, atMs],
          );
          const phase = syncPhase(accountId, pageId);
          expect(rows[0]!.phase).toBe(phase);
          expect(Number(rows[0]!.due_ms)).toBe(nextSyncAt(new Date(atMs), new Date(atMs), phase)!.getTime());
        },
      ),
      { numRuns: 300, seed: 18 },
    );
  });
});
