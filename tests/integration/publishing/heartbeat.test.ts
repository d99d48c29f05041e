import { randomBytes } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { sleep, useWorkersWorld, type World } from "../../fixtures/publishing";
import { testStack } from "../../fixtures/test-stack";

/**
 * A worker whose heartbeat cannot be written stops sending before another worker may take its
 * pages over (lib/server/ops/heartbeat.ts): here the heartbeats' table is held locked by another
 * transaction, so its writes time out while Postgres is otherwise there.
 */

const worldOf = useWorkersWorld();
let world: World;
beforeAll(() => {
  world = worldOf();
});

describe("a worker's heartbeat", () => {
  it(
    "lapsed for 4 s: platform requests and new claims are refused and its claims lost; written again: a new id",
    { timeout: 30_000 },
    async () => {
      const { startHeartbeat, MAY_SEND_FOR_MS } = await import("@/lib/server/ops/heartbeat");
      const { fencePlatformRequests, platformRequest } = await import("@/lib/networks/server/http");
      const workerId = `test:${randomBytes(4).toString("hex")}`;
      const beat = await startHeartbeat(workerId, new Date());
      fencePlatformRequests(() => beat.fence());
      const locker = new pg.Client({ connectionString: world.env.DATABASE_URL });
      await locker.connect();
      try {
        const first = beat.holder();
        expect(first).toBe(workerId);
        expect(beat.mayAct(first)).toBe(true);
        expect(beat.mayClaim()).toBe(true);
        const inFlight = beat.fence();
        expect(inFlight.aborted).toBe(false);

        await locker.query("begin");
        // The whole table, not only the row: a lapsed heartbeat goes on under a new id, whose row
        // would otherwise be written at once, and the test would race that write.
        await locker.query("lock table worker_heartbeats in exclusive mode");
        await sleep(MAY_SEND_FOR_MS + 1_500);
        // Nothing more goes out or is claimed, and what was in flight is aborted.
        expect(beat.mayAct(first)).toBe(false);
        expect(beat.mayClaim()).toBe(false);
        expect(inFlight.aborted).toBe(true);
        await expect(platformRequest(`${testStack().sandboxUrl}/_control/publish/calls`)).rejects.toMatchObject({
          kind: "transient",
        });

        await locker.query("commit");
        await sleep(2_500);
        // Written again under a new id: new claims may send, the old ones stay lost.
        const next = beat.holder();
        expect(next).not.toBe(first);
        expect(beat.mayAct(next)).toBe(true);
        expect(beat.mayClaim()).toBe(true);
        expect(beat.mayAct(first)).toBe(false);
        const answer = await platformRequest(`${testStack().sandboxUrl}/_control/publish/calls`);
        expect(answer.status).toBe(200);
      } finally {
        await locker.end();
        await beat.stop();
      }
      const { rows } = await world.db.$client.query("select worker_id from worker_heartbeats where worker_id like $1", [
        `${workerId}%`,
      ]);
      expect(rows).toEqual([]);
    },
  );
});
