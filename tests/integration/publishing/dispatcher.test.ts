import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { expectEachOnce, sandbox, useWorkersWorld, until, type World } from "../../fixtures/publishing";

/**
 * The instant dispatcher (lib/publishing/server/dispatcher.ts), with real worker processes on their
 * own database and Redis prefix. No job is queued here (nothing reconciles after the posts are
 * made): what publishes them is the dispatcher, claiming each page a few seconds before its instant
 * and sending it at the instant, never before.
 */

// The app's services called here run on the world's database and Redis prefix.
const worldOf = useWorkersWorld();
let world: World;
beforeAll(() => {
  world = worldOf();
});

/** Each page's claim and send as the database has them. */
async function targetsOf(ids: string[]) {
  return world.db
    .select({
      postId: postTargets.postId,
      status: postTargets.status,
      attempts: postTargets.attempts,
      sentText: postTargets.sentText,
      sentAt: postTargets.sentAt,
      publishingStartedAt: postTargets.publishingStartedAt,
    })
    .from(postTargets)
    .where(inArray(postTargets.postId, ids));
}

describe("the instant dispatcher", () => {
  it(
    "claims pages due in a few seconds ahead of their instant and sends each at its instant, once",
    { timeout: 90_000 },
    async () => {
      const { userId, pages } = await world.connectPages(2);
      // Two instants, a second apart, both within the dispatcher's lead once the posts exist, and far
      // enough off for the claims to be in hand before the first on a busy machine.
      await world.startWorkers(2, { PUBLISH_DISPATCH_LEAD_SECONDS: "20" });
      const first = new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000);
      const label = `Instant ${Date.now()}`;
      const made = await world.seedPosts(
        userId,
        pages,
        40,
        (index) => new Date(first.getTime() + (index % 2) * 1000),
        label,
      );
      const ids = made.map((post) => post.id);
      const dueAt = new Map(made.map((post) => [post.content, post.scheduledAt.getTime()]));
      // Each post's first page is reserved ahead of the instant, nothing recorded as sent yet.
      await until(async () => (await world.targetCounts(ids)).publishing === 40, 7_500, "40 pages claimed ahead");
      // Read, then checked to have been read before the instant (a slow read may end after it).
      const claimedAhead = await targetsOf(ids);
      expect(Date.now()).toBeLessThan(first.getTime());
      expect(claimedAhead.filter((target) => target.sentAt !== null)).toEqual([]);

      await until(async () => (await world.targetCounts(ids)).published === 80, 30_000, "all 80 pages published");
      for (const page of pages) {
        const sent = await expectEachOnce(page.pageId, `${label} #`, 40);
        // Never before its instant.
        for (const [text, at] of sent) expect(at, text).toBeGreaterThanOrEqual(dueAt.get(text)!);
      }
      // The text recorded just before each call, at or after its instant.
      for (const target of await targetsOf(ids))
        expect(target.sentAt!.getTime()).toBeGreaterThanOrEqual(dueAt.get(textOf(made, target.postId))!);
      await until(
        async () => (await world.postCounts(ids)).published === 40,
        10_000,
        "all 40 posts settled as published",
      );
      const targets = await targetsOf(ids);
      expect(targets.every((target) => target.attempts === 1)).toBe(true);
    },
  );

  it(
    "SIGTERM before the instant: the pages claimed ahead go back to pending as they were, and another worker sends them once",
    { timeout: 90_000 },
    async () => {
      const { userId, pages } = await world.connectPages(1);
      // A long lead, so the claim and the shutdown both fit before the instant on a busy machine.
      const first = (await world.startWorkers(1, { PUBLISH_DISPATCH_LEAD_SECONDS: "20" }))[0]!;

      const due = new Date(Date.now() + 12_000);
      const label = `Handback ${Date.now()}`;
      const made = await world.seedPosts(userId, pages, 10, () => due, label);
      const ids = made.map((post) => post.id);
      await until(async () => (await world.targetCounts(ids)).publishing === 10, 8_000, "the 10 pages claimed ahead");

      const exited = new Promise<number | null>((resolve) => first.once("exit", (code) => resolve(code)));
      first.kill("SIGTERM");
      expect(await exited).toBe(0);
      // The test is only meaningful if the worker stopped before the instant.
      expect(Date.now()).toBeLessThan(due.getTime());
      const handedBack = await targetsOf(ids);
      expect(handedBack.map((target) => target.status)).toEqual(Array(10).fill("pending"));
      for (const target of handedBack) expect(target).toMatchObject({ attempts: 0, publishingStartedAt: null });

      world.spawn();
      await until(
        async () => (await world.targetCounts(ids)).published === 10,
        30_000,
        "the other worker to send them",
      );
      const sent = await expectEachOnce(pages[0]!.pageId, `${label} #`, 10);
      for (const [text, at] of sent) expect(at, text).toBeGreaterThanOrEqual(due.getTime());
      expect((await targetsOf(ids)).every((target) => target.attempts === 1)).toBe(true);
    },
  );

  it(
    "a reschedule in the seconds before the instant takes the reserved page back: nothing goes out then, the post goes out once at its new time",
    { timeout: 90_000 },
    async () => {
      const { userId, pages } = await world.connectPages(1);
      // A lead of 20 s and an instant 12 s away: claimable at once, and a worker on a busy machine
      // that takes seconds to claim it still leaves the reschedule seconds before the instant.
      await world.startWorkers(1, { PUBLISH_DISPATCH_LEAD_SECONDS: "20" });
      const due = new Date(Date.now() + 12_000);
      const label = `Moved ${Date.now()}`;
      const [post] = await world.seedPosts(userId, pages, 1, () => due, label);
      await until(async () => (await world.targetCounts([post!.id])).publishing === 1, 8_000, "the page claimed ahead");

      const { savePost } = await import("@/lib/publishing/server/schedule-service");
      // Beyond the workers' 20 s lead from now, so the page stays pending until well after the
      // reschedule is checked, and is claimed again ahead of its new instant.
      const later = new Date(due.getTime() + 25_000);
      const saved = await savePost(userId, userId, post!.id, { scheduledAt: later.toISOString() });
      expect(Date.now()).toBeLessThan(due.getTime());
      expect(saved.scheduledAt).toBe(later.toISOString());
      expect(saved.pages.map((page) => page.status)).toEqual(["pending"]);

      await until(async () => (await world.targetCounts([post!.id])).published === 1, 45_000, "the post published");
      const sent = await expectEachOnce(pages[0]!.pageId, `${label} #`, 1);
      expect([...sent.values()][0]).toBeGreaterThanOrEqual(later.getTime());
      expect((await targetsOf([post!.id]))[0]!.attempts).toBe(1);
    },
  );

  it(
    "more pages due at one instant than one claim takes (the claims go on from a cursor): all 250 go out once, none early",
    { timeout: 90_000 },
    async () => {
      const { userId, pages } = await world.connectPages(1);
      await world.startWorkers(2);

      // No job is queued in this world: only the dispatchers can send these. Whether every page was
      // claimed before the instant depends on this machine's load, so it is not asserted here.
      const due = new Date(Date.now() + 4_500);
      const label = `Burst ${Date.now()}`;
      const made = await world.seedPosts(userId, pages, 250, () => due, label);
      const ids = made.map((post) => post.id);
      await until(async () => (await world.targetCounts(ids)).published === 250, 45_000, "all 250 published");
      const sent = await expectEachOnce(pages[0]!.pageId, `${label} #`, 250);
      for (const [text, at] of sent) expect(at, text).toBeGreaterThanOrEqual(due.getTime());
      expect((await targetsOf(ids)).every((target) => target.attempts === 1)).toBe(true);
    },
  );

  it("a claim from a cursor starts after that post, to the microsecond, in due time then post id order", async () => {
    const { userId, pages } = await world.connectPages(1);
    const label = `Cursor ${Date.now()}`;
    // Far enough ahead that no worker (none runs here) could be racing for them anyway.
    const made = await world.seedPosts(userId, pages, 4, () => new Date(Date.now() + 60_000), label);
    // Three due times one microsecond apart within one millisecond; the fourth post shares the last.
    const ids = made.map((post) => post.id);
    await world.db.execute(sql`
      update posts p set scheduled_at = date_trunc('milliseconds', now()) + interval '2 seconds'
        + least(o.n, 3) * interval '1 microsecond'
      from (select id, row_number() over (order by id) as n from posts where id = any(${sql.param(ids)}::uuid[])) o
      where p.id = o.id`);
    const { dispatchStatements } = await import("@/lib/publishing/server/dispatch-statements");
    const claim = (afterAt: string, afterPostId: string, limit: number) =>
      dispatchStatements().claimAhead.execute({
        now: new Date(),
        dueBefore: new Date(Date.now() + 10_000),
        afterAt,
        afterPostId,
        limit,
        // This process has no heartbeat: its claims name no worker.
        holder: null,
      });
    const start = new Date(Date.now() - 60_000).toISOString().replace("Z", "000Z");
    const [first] = await claim(start, "00000000-0000-0000-0000-000000000000", 1);
    expect(first!.dueKey).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // The first post handed back: a claim from its own place must not take it again.
    await world.db
      .update(postTargets)
      .set({ status: "pending", attempts: 0, publishingStartedAt: null })
      .where(inArray(postTargets.id, [first!.id]));
    const rest = await claim(first!.dueKey, first!.postId, 10);
    const order = await world.db.execute<{ id: string }>(sql`
      select id from posts where id = any(${sql.param(ids)}::uuid[]) order by scheduled_at, id`);
    const inOrder = order.rows.map((row) => row.id);
    expect(first!.postId).toBe(inOrder[0]);
    expect(rest.map((row) => row.postId).sort()).toEqual(inOrder.slice(1).sort());
    // Left as they were for nothing else: these posts are this test's.
    await world.db.delete(posts).where(inArray(posts.id, ids));
  });

  it(
    "posts due at one instant on many Pages go to Graph in batches; one Graph gave up on after accepting it is found, not sent again",
    { timeout: 90_000 },
    async () => {
      const { userId, pages } = await world.connectPages(20);
      const lost = pages[7]!;
      await sandbox().publishFaults({
        platform: "facebook",
        kind: "server_error",
        afterAccept: true,
        drop: true,
        target: lost.pageId,
      });
      await world.startWorkers(1);
      const instant = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
      const label = `Batched ${Date.now()}`;
      const made = [];
      for (const page of pages) made.push(...(await world.seedPosts(userId, [page], 1, () => instant, label)));
      const ids = made.map((post) => post.id);

      await until(async () => (await world.targetCounts(ids)).published === 20, 45_000, "all 20 pages published");
      for (const page of pages) await expectEachOnce(page.pageId, `${label} #`, 1);
      const [lostTarget] = await targetsOf([made[7]!.id]);
      // The call that may have gone out was looked up on the next attempt and found.
      expect(lostTarget!.attempts).toBe(2);
      const posting = (await sandbox().publishCalls({ platform: "facebook" })).filter(
        (call) => pages.some((page) => page.pageId === call.target) && call.operation === "post",
      );
      expect(posting).toHaveLength(20);
    },
  );
});

function textOf(made: { id: string; content: string }[], postId: string): string {
  return made.find((post) => post.id === postId)!.content;
}
