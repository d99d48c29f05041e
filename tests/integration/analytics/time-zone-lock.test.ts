import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { registeredClient } from "../../fixtures/api-client";
import { sleep } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * A time zone change rebuilds the workspace's daily rollups inside a transaction that locks the
 * workspace's row (analytics/server/ingest.ts updateTimeZone). Publishing checks that row too: a
 * published page's metrics row names its workspace by foreign key, and the check holds the row FOR KEY SHARE. The
 * change locks FOR NO KEY UPDATE, which that check does not wait for (nor it for the check): with
 * FOR UPDATE, a rebuild of a large history held up the worker's publish statements, which take
 * turns in one lane (lib/publishing/server/batched.ts).
 */

const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 1 });
afterAll(() => pool.end());

describe("a time zone change and publishing", () => {
  it("does not wait for a publishing statement's check of the workspace's row, and is made", async () => {
    const { client, user } = await registeredClient();
    const publishing = await pool.connect();
    try {
      // What the metrics row's foreign key check holds until the publishing statement commits.
      await publishing.query("BEGIN");
      await publishing.query("SELECT 1 FROM workspaces WHERE id = $1 FOR KEY SHARE", [user.id]);
      const answer = await Promise.race([
        client.request("PATCH", "/api/auth/user", { json: { timeZone: "Asia/Tokyo" } }).then((r) => r.status),
        sleep(10_000).then(() => "still waiting after 10 s"),
      ]);
      expect(answer).toBe(200);
      const { rows } = await publishing.query<{ time_zone: string }>("SELECT time_zone FROM workspaces WHERE id = $1", [
        user.id,
      ]);
      expect(rows[0]!.time_zone).toBe("Asia/Tokyo");
    } finally {
      await publishing.query("ROLLBACK");
      publishing.release();
    }
  });
});
