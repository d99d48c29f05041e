import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, usageRecords } from "@/db/schema";
import { registeredClient, type ApiClient } from "../../fixtures/api-client";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * The queue: posting slots per page on the page's wall clock, Add to queue taking the next free
 * slot of each page (a post per page), pausing that holds and resuming that gives the slots back,
 * moving between slots, and every refusal changing nothing.
 */

type Service = typeof import("@/lib/queue/server/service");
let service: Service;

beforeAll(async () => {
  // The service runs in this process too, on the run's database, to be given a "now" of its own.
  Object.assign(process.env, testStack().env);
  service = await import("@/lib/queue/server/service");
});
afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  const { closeRedis } = await import("@/lib/server/redis");
  const { closeDb } = await import("@/db");
  await Promise.allSettled([closePublishQueue(), closeRedis(), closeDb()]);
});

const MONDAY_0900 = { weekday: 0, minute: 9 * 60 };
const DAY_MS = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Noon UTC of a Monday at least four weeks ahead: the tests' "now", always in the future. */
function mondayNoon(): number {
  const start = new Date(Date.now() + 28 * DAY_MS);
  const day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), 12);
  return day + ((8 - new Date(day).getUTCDay()) % 7) * DAY_MS;
}

/** The nth Sunday (1-based; -1 the last) of March of `year`, at 00:00 UTC. */
function sundayOfMarch(year: number, nth: number): number {
  const sundays = Array.from({ length: 31 }, (_, index) => Date.UTC(year, 2, index + 1)).filter(
    (day) => new Date(day).getUTCDay() === 0 && new Date(day).getUTCMonth() === 2,
  );
  return nth > 0 ? sundays[nth - 1]! : sundays[sundays.length + nth]!;
}

async function twoPages() {
  const { client, user } = await registeredClient("Queue Owner");
  const { account } = await connectFacebook(client, (ids) => ids, undefined, 2);
  const [london, newYork] = account.pages.map((page) => page.id) as [string, string];
  return { client, workspaceId: user.id, userId: user.id, london, newYork };
}

async function draft(client: ApiClient, pageIds: string[], content = `Queued ${uid()}`) {
  const response = await client.post("/api/social/posts", {
    pages: pageIds.map((pageId) => ({ type: "post", pageId, platform: "facebook" })),
    content,
  });
  expect(response.status, response.text).toBe(201);
  return (response.body.post as { id: string }).id;
}

const timesOf = async (ids: string[]) =>
  (await testDb().select().from(posts).where(inArray(posts.id, ids))).map((row) => ({
    id: row.id,
    status: row.status,
    at: row.scheduledAt?.toISOString() ?? null,
    queuePageId: row.queuePageId,
  }));

describe("the queue", () => {
  it(
    "Add to queue fills the next free slots of two pages in two time zones across both DST changes",
    { timeout: 60_000 },
    async () => {
      const { client, workspaceId, userId, london, newYork } = await twoPages();
      for (const [pageId, timeZone] of [
        [london, "Europe/London"],
        [newYork, "America/New_York"],
      ] as const) {
        const saved = await client.put(`/api/queue/${pageId}`, { slots: [MONDAY_0900], timeZone });
        expect(saved.status, saved.text).toBe(200);
        expect(saved.body.data).toMatchObject({ message: "Queue saved", queue: { timeZone, slotsFrom: "custom" } });
      }
      // The Friday before New York moves its clocks (the second Sunday of March); London moves on the last.
      const year = new Date().getUTCFullYear() + 1;
      const newYorkChange = sundayOfMarch(year, 2);
      const londonChange = sundayOfMarch(year, -1);
      const now = new Date(newYorkChange - 2 * DAY_MS + 12 * 60 * 60_000);
      // Each Monday from the one after New York's change to the one after London's: 09:00 on both clocks.
      const expected: string[][] = [];
      for (let monday = newYorkChange + DAY_MS; monday < londonChange + 8 * DAY_MS; monday += 7 * DAY_MS)
        expected.push([
          // London on GMT, then BST: 09:00 is 08:00 UTC after its change.
          iso(monday + (monday < londonChange ? 9 : 8) * 60 * 60_000),
          // New York on EDT (UTC−4) all along: one hour earlier than the 14:00 UTC of before its change.
          iso(monday + 13 * 60 * 60_000),
        ]);
      const placed: string[][] = [];
      for (let round = 0; round < expected.length; round++) {
        const postId = await draft(client, [london, newYork]);
        const result = await service.addPostToQueue(workspaceId, userId, postId, now);
        expect(result.posts).toHaveLength(2);
        expect(result.posts[0]!.id).toBe(postId);
        expect(result.posts.map((post) => post.pages.map((page) => page.pageId))).toEqual([[london], [newYork]]);
        placed.push(result.placements.map((placement) => placement.at));
      }
      expect(placed).toEqual(expected);
      expect(placed.at(-1)![0]!.endsWith("T08:00:00.000Z")).toBe(true);
      // Two posts a round, each counted as created, each scheduled and in its page's queue.
      const rows = await testDb()
        .select()
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.status, "scheduled")));
      expect(rows).toHaveLength(2 * expected.length);
      expect(new Set(rows.map((row) => row.queuePageId))).toEqual(new Set([london, newYork]));
      const created = await testDb().select().from(usageRecords).where(eq(usageRecords.workspaceId, workspaceId));
      expect(created.filter((record) => record.kind === "post_created")).toHaveLength(2 * expected.length);
    },
  );

  it("the view lists slots with their posts and empty ones; Add to queue over the API names where each went", async () => {
    const { client, london } = await twoPages();
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, minute: 6 * 60 }));
    expect((await client.put(`/api/queue/${london}`, { slots: everyDay, timeZone: "UTC" })).status).toBe(200);
    const postId = await draft(client, [london]);
    const added = await client.post(`/api/post/${postId}/queue`);
    expect(added.status, added.text).toBe(200);
    const placement = (added.body.data as { placements: { at: string; pageId: string }[] }).placements[0]!;
    expect(placement.pageId).toBe(london);
    expect(new Date(placement.at).getUTCHours()).toBe(6);
    expect((added.body.data as { message: string }).message).toMatch(/^Added to the queue: Page 1 of \d+, /);

    const view = await client.get("/api/queue?days=3");
    expect(view.status, view.text).toBe(200);
    const queue = (
      view.body.data as {
        queues: { pageId: string; upcoming: { at: string; slot: boolean; post: { id: string } | null }[] }[];
      }
    ).queues.find((candidate) => candidate.pageId === london)!;
    expect(queue.upcoming.length).toBeGreaterThanOrEqual(2);
    expect(queue.upcoming.every((entry) => entry.slot)).toBe(true);
    expect(queue.upcoming.find((entry) => entry.post?.id === postId)?.at).toBe(placement.at);
    expect(queue.upcoming.filter((entry) => entry.post === null).length).toBe(queue.upcoming.length - 1);
  });

  it("pausing holds the queue's posts as drafts; resuming puts them back in order; a post with its own time stays", async () => {
    const { client, workspaceId, userId, london } = await twoPages();
    const slots = [MONDAY_0900, { weekday: 2, minute: 600 }]; // Mondays 09:00, Wednesdays 10:00
    expect((await client.put(`/api/queue/${london}`, { slots, timeZone: "UTC" })).status).toBe(200);
    const monday = mondayNoon() - 12 * 60 * 60_000;
    const at = (days: number, hour: number) => iso(monday + days * DAY_MS + hour * 60 * 60_000);
    const now = new Date(at(0, 12));
    const first = await draft(client, [london]);
    const second = await draft(client, [london]);
    await service.addPostToQueue(workspaceId, userId, first, now);
    await service.addPostToQueue(workspaceId, userId, second, now);
    const own = await draft(client, [london]);
    expect((await client.put(`/api/post/${own}`, { status: "scheduled", scheduledAt: at(2, 15) })).status).toBe(200);
    expect(await timesOf([first, second])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first, at: at(2, 10) }),
        expect.objectContaining({ id: second, at: at(7, 9) }),
      ]),
    );

    const paused = await service.updateQueue(workspaceId, userId, london, { paused: true }, now);
    expect(paused).toMatchObject({
      message: "Queue paused: its posts are held until you resume it.",
      queue: { paused: true },
    });
    expect((await timesOf([first, second, own])).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: first, status: "draft", at: null, queuePageId: london },
        { id: second, status: "draft", at: null, queuePageId: london },
        { id: own, status: "scheduled", at: at(2, 15), queuePageId: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // A paused queue takes nothing new, and says why.
    const refused = await client.post(`/api/post/${await draft(client, [london])}/queue`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`The queue of ${paused.queue.pageName} is paused. Resume it to add posts.`);
    const view = await client.get("/api/queue");
    const held = (view.body.data as { queues: { pageId: string; held: { id: string }[] }[] }).queues.find(
      (queue) => queue.pageId === london,
    )!.held;
    expect(held.map((post) => post.id)).toEqual([first, second]);

    // A week later: the held posts take the next free slots, the first first.
    const later = new Date(at(7, 12));
    const resumed = await service.updateQueue(workspaceId, userId, london, { paused: false }, later);
    expect(resumed.message).toBe("Queue resumed: its held posts are back in its next free slots.");
    expect((await timesOf([first, second])).sort((a, b) => (a.at ?? "").localeCompare(b.at ?? ""))).toEqual([
      { id: first, status: "scheduled", at: at(9, 10), queuePageId: london },
      { id: second, status: "scheduled", at: at(14, 9), queuePageId: london },
    ]);
  });

  it("moving a post to another slot swaps it with the post there; only queued posts and real slots", async () => {
    const { client, workspaceId, userId, london } = await twoPages();
    expect((await client.put(`/api/queue/${london}`, { slots: [MONDAY_0900], timeZone: "UTC" })).status).toBe(200);
    const now = new Date(mondayNoon());
    const [a, b] = [await draft(client, [london]), await draft(client, [london])];
    await service.addPostToQueue(workspaceId, userId, a, now);
    await service.addPostToQueue(workspaceId, userId, b, now);
    const slot = (weeks: number) => iso(now.getTime() + weeks * 7 * DAY_MS - 3 * 60 * 60_000);
    const [slotA, slotB, empty] = [slot(1), slot(2), slot(3)];
    await service.moveQueuedPost(workspaceId, userId, london, { postId: a, to: slotB }, now);
    const swapped = await timesOf([a, b]);
    expect(swapped.find((row) => row.id === a)?.at).toBe(slotB);
    expect(swapped.find((row) => row.id === b)?.at).toBe(slotA);
    await service.moveQueuedPost(workspaceId, userId, london, { postId: b, to: empty }, now);
    expect((await timesOf([b]))[0]?.at).toBe(empty);
    await expect(
      service.moveQueuedPost(workspaceId, userId, london, { postId: b, to: iso(Date.parse(empty) + 60 * 60_000) }, now),
    ).rejects.toMatchObject({ status: 400, message: "That time is not one of this page's upcoming slots." });
  });

  it("refusals change nothing: no slots, shares, a post not a draft, bad slots, another workspace's page", async () => {
    const { client, london, newYork } = await twoPages();
    expect((await client.put(`/api/queue/${newYork}`, { slots: [] })).status).toBe(200);
    const postId = await draft(client, [london, newYork]);
    const before = await testDb().select().from(posts).where(eq(posts.id, postId));
    const targetsBefore = await testDb().select().from(postTargets).where(eq(postTargets.postId, postId));
    const empty = await client.post(`/api/post/${postId}/queue`);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatch(/has no posting slots\. Add times in its queue settings\.$/);
    expect(await testDb().select().from(posts).where(eq(posts.id, postId))).toEqual(before);
    expect(await testDb().select().from(postTargets).where(eq(postTargets.postId, postId))).toEqual(targetsBefore);

    const withShare = await client.post("/api/social/posts", {
      pages: [
        { type: "post", pageId: london, platform: "facebook" },
        { type: "share", pageId: newYork, platform: "facebook" },
      ],
      content: `Shared ${uid()}`,
    });
    const shareId = (withShare.body.post as { id: string }).id;
    const shares = await client.post(`/api/post/${shareId}/queue`);
    expect(shares.status).toBe(400);
    expect(shares.body.code).toBe("queue_shares");

    const listed = await client.post(`/api/post/${await draft(client, [london])}/queue`);
    expect(listed.status, listed.text).toBe(200);
    const again = await client.post(
      `/api/post/${(listed.body.data as { posts: { id: string }[] }).posts[0]!.id}/queue`,
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Only a draft can be added to the queue.");

    for (const body of [
      { slots: [{ weekday: 7, minute: 0 }] },
      { slots: [{ weekday: 0, minute: 1440 }] },
      { slots: [{ weekday: 0.5, minute: 0 }] },
      { timeZone: "Mars/Olympus" },
      { paused: "yes" },
      {},
    ]) {
      const response = await client.put(`/api/queue/${london}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const other = await registeredClient("Someone Else");
    expect((await other.client.put(`/api/queue/${london}`, { paused: true })).status).toBe(404);
    expect((await other.client.get("/api/queue")).body.data).toEqual({ queues: [] });
  });
});
