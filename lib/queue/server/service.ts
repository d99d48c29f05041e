import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { pageQueues, posts, queueSlots } from "@/db/schema";
import { badRequest, conflict } from "@/lib/server/api/errors";
import { formatInZone } from "@/lib/format";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { copyPostToPage } from "@/lib/posts/server/service";
import { MESSAGES, type PostDto } from "@/lib/posts/schemas";
import {
  afterChange,
  changePostIn,
  type ChangedPost,
  type ChangeOutcome,
  type ScheduleChange,
} from "@/lib/publishing/server/schedule-service";
import {
  QUEUE_HORIZON_DAYS,
  QUEUE_LEAD_MS,
  QUEUE_MESSAGES,
  type MoveQueuePostInput,
  type PageQueueDto,
  type QueuedPostPlacement,
  type UpdateQueueInput,
} from "../schemas";
import { nextFreeSlot, slotInstants, sortSlots } from "../slots";
import { readQueueOrThrow, readQueues, scheduledOnPage, toMinute } from "./queries";

/**
 * Changes to queues and to the posts in them. Every post they move goes through the one change of a
 * post (changePostIn: its lock, its log, its schedule version, its review), several in one
 * transaction; the publish jobs are queued after it commits (docs/decisions/0065-queue.md).
 */

const DAY_MS = 24 * 60 * 60_000;

type Moved = { postId: string; schedule: ScheduleChange; outcome: ChangeOutcome };

/** One change to a page's queue at a time (two Add to queue never take one slot); in page order, so no deadlock. */
async function lockQueues(tx: Transaction, pageIds: string[]): Promise<void> {
  for (const pageId of [...new Set(pageIds)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${pageId}`}, 0))`);
}

async function afterAll(moved: Moved[]): Promise<void> {
  for (const { postId, schedule, outcome } of moved) await afterChange(postId, schedule, outcome);
}

/** The minutes the page's scheduled posts hold from `from` to the horizon. */
async function takenSlots(tx: Transaction, pageId: string, from: Date): Promise<Set<number>> {
  const rows = await scheduledOnPage(tx, pageId, from, new Date(from.getTime() + QUEUE_HORIZON_DAYS * DAY_MS));
  return new Set(rows.map((row) => toMinute(row.scheduledAt!)));
}

function freeSlotOrThrow(queue: PageQueueDto, from: Date, taken: Set<number>): Date {
  if (queue.slots.length === 0) throw conflict(QUEUE_MESSAGES.noSlots(queue.pageName), "queue_empty");
  const at = nextFreeSlot(queue.slots, queue.timeZone, from, taken, QUEUE_HORIZON_DAYS);
  if (!at) throw conflict(QUEUE_MESSAGES.full(queue.pageName), "queue_full");
  taken.add(at.getTime());
  return at;
}

async function schedulePost(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  post: ChangedPost,
  at: Date,
  queuePageId: string,
  edit: Parameters<typeof changePostIn>[4] = {},
): Promise<Moved> {
  const schedule: ScheduleChange = { kind: "schedule", at };
  const outcome = await changePostIn(tx, workspaceId, actorId, post, edit, schedule);
  await tx.update(posts).set({ queuePageId, queueHeldSlot: null }).where(eq(posts.id, post.id));
  return { postId: post.id, schedule, outcome };
}

/**
 * POST /api/post/{id}/queue: the draft goes to the next free slot of each of its pages. A post has
 * one time, so each page gets a post of its own: the draft keeps its first page, and a copy is made
 * for each other page (each counted against the plan as a created post). All or nothing.
 */
export async function addPostToQueue(
  workspaceId: string,
  actorId: string,
  postId: string,
  now = new Date(),
): Promise<{ posts: PostDto[]; placements: QueuedPostPlacement[]; message: string }> {
  const current = await getPostOrThrow(workspaceId, postId);
  if (current.status !== "draft") throw conflict(QUEUE_MESSAGES.notDraft, "not_draft");
  if (current.pages.some((page) => page.type === "share")) throw badRequest(QUEUE_MESSAGES.shares, "queue_shares");
  const pages = current.pages.filter((page) => page.pageId !== null);
  if (pages.length === 0 || current.content.trim() === "") throw badRequest(MESSAGES.pagesAndContent);
  const from = new Date(now.getTime() + QUEUE_LEAD_MS);

  const { moved, placements } = await db.transaction(async (tx) => {
    const pageIds = pages.map((page) => page.pageId!);
    await lockQueues(tx, pageIds);
    const queues = await readQueues(tx, workspaceId, pageIds);
    const plan = [];
    for (const page of pages) {
      const queue = queues.find((candidate) => candidate.pageId === page.pageId)!;
      if (queue.paused) throw conflict(QUEUE_MESSAGES.pausedQueue(queue.pageName), "queue_paused");
      plan.push({ page, queue, at: freeSlotOrThrow(queue, from, await takenSlots(tx, queue.pageId, from)) });
    }
    const moved: Moved[] = [];
    const [first, ...others] = plan;
    const onlyFirst = others.length
      ? { pages: [{ type: "post" as const, pageId: first!.page.pageId!, platform: first!.page.platform }] }
      : {};
    moved.push(await schedulePost(tx, workspaceId, actorId, current, first!.at, first!.queue.pageId, onlyFirst));
    for (const { page, queue, at } of others) {
      const copyId = await copyPostToPage(tx, workspaceId, actorId, current.id, {
        id: queue.pageId,
        platform: queue.platform,
        name: queue.pageName,
      });
      const copy = { ...current, id: copyId, pages: [page], scheduledAt: null };
      moved.push(await schedulePost(tx, workspaceId, actorId, copy, at, queue.pageId));
    }
    const placements = plan.map(({ queue, at }, index) => ({
      postId: moved[index]!.postId,
      pageId: queue.pageId,
      pageName: queue.pageName,
      at: at.toISOString(),
      timeZone: queue.timeZone,
    }));
    return { moved, placements };
  });
  await afterAll(moved);
  return {
    posts: await Promise.all(moved.map((entry) => getPostOrThrow(workspaceId, entry.postId))),
    placements,
    message: `Added to the queue: ${placements
      .map((placement) => `${placement.pageName}, ${formatInZone(placement.at, placement.timeZone, { weekday: true })}`)
      .join("; ")}`,
  };
}

/** The page's queued posts still waiting, earliest first. */
async function queuedPosts(tx: Transaction, workspaceId: string, pageId: string) {
  return tx
    .select()
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.queuePageId, pageId), eq(posts.status, "scheduled")))
    .orderBy(asc(posts.scheduledAt), asc(posts.id));
}

/** A queued post as its change reads it: it has one page at least (this queue's). */
const changedPost = (row: typeof posts.$inferSelect): ChangedPost => ({
  id: row.id,
  status: row.status,
  title: row.title,
  content: row.content,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
  pages: [row.queuePageId],
});

/** Pausing: each waiting post becomes a draft that remembers its slot, so nothing of it goes out. */
async function holdQueue(tx: Transaction, workspaceId: string, actorId: string, pageId: string): Promise<Moved[]> {
  const moved: Moved[] = [];
  for (const row of await queuedPosts(tx, workspaceId, pageId)) {
    const schedule: ScheduleChange = { kind: "unschedule" };
    const outcome = await changePostIn(tx, workspaceId, actorId, changedPost(row), {}, schedule);
    await tx.update(posts).set({ queueHeldSlot: row.scheduledAt }).where(eq(posts.id, row.id));
    moved.push({ postId: row.id, schedule, outcome });
  }
  return moved;
}

/** Resuming: the held posts, in the order they had, take the queue's next free slots. */
async function resumeQueue(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  queue: PageQueueDto,
  now: Date,
): Promise<Moved[]> {
  const held = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.queuePageId, queue.pageId), isNotNull(posts.queueHeldSlot)))
    .orderBy(asc(posts.queueHeldSlot), asc(posts.id));
  if (held.length === 0) return [];
  const from = new Date(now.getTime() + QUEUE_LEAD_MS);
  const taken = await takenSlots(tx, queue.pageId, from);
  const moved: Moved[] = [];
  for (const row of held) {
    const at = freeSlotOrThrow(queue, from, taken);
    moved.push(await schedulePost(tx, workspaceId, actorId, changedPost(row), at, queue.pageId));
  }
  return moved;
}

/** PUT /api/queue/{pageId}: slots, time zone, paused. Posts already queued keep their times when slots change. */
export async function updateQueue(
  workspaceId: string,
  actorId: string,
  pageId: string,
  input: UpdateQueueInput,
  now = new Date(),
): Promise<{ queue: PageQueueDto; message: string }> {
  const { moved, message } = await db.transaction(async (tx) => {
    const current = await readQueueOrThrow(tx, workspaceId, pageId);
    await lockQueues(tx, [pageId]);
    await tx
      .insert(pageQueues)
      .values({ pageId, workspaceId, timeZone: current.ownTimeZone, paused: current.paused })
      .onConflictDoNothing();
    if (input.slots) {
      await tx.delete(queueSlots).where(eq(queueSlots.pageId, pageId));
      const slots = sortSlots(input.slots);
      if (slots.length) await tx.insert(queueSlots).values(slots.map((slot) => ({ pageId, ...slot })));
      await tx.update(pageQueues).set({ customSlots: true }).where(eq(pageQueues.pageId, pageId));
    }
    if (input.timeZone !== undefined)
      await tx.update(pageQueues).set({ timeZone: input.timeZone }).where(eq(pageQueues.pageId, pageId));
    let moved: Moved[] = [];
    let message: string = QUEUE_MESSAGES.saved;
    if (input.paused !== undefined && input.paused !== current.paused) {
      await tx.update(pageQueues).set({ paused: input.paused }).where(eq(pageQueues.pageId, pageId));
      if (input.paused) {
        moved = await holdQueue(tx, workspaceId, actorId, pageId);
        message = QUEUE_MESSAGES.paused;
      } else {
        moved = await resumeQueue(tx, workspaceId, actorId, await readQueueOrThrow(tx, workspaceId, pageId), now);
        message = QUEUE_MESSAGES.resumed;
      }
    }
    return { moved, message };
  });
  await afterAll(moved);
  return { queue: await readQueueOrThrow(db, workspaceId, pageId), message };
}

/**
 * POST /api/queue/{pageId}/move: a queued post goes to another upcoming slot of its page; a queued
 * post already there takes the moved post's slot (a swap). A post at a time of its own stays put.
 */
export async function moveQueuedPost(
  workspaceId: string,
  actorId: string,
  pageId: string,
  input: MoveQueuePostInput,
  now = new Date(),
): Promise<{ message: string }> {
  const to = new Date(input.to);
  const moved = await db.transaction(async (tx) => {
    const queue = await readQueueOrThrow(tx, workspaceId, pageId);
    await lockQueues(tx, [pageId]);
    const waiting = await queuedPosts(tx, workspaceId, pageId);
    const post = waiting.find((row) => row.id === input.postId);
    if (!post) throw badRequest(QUEUE_MESSAGES.notInQueue, "not_in_queue");
    const from = new Date(now.getTime() + QUEUE_LEAD_MS);
    const until = new Date(from.getTime() + QUEUE_HORIZON_DAYS * DAY_MS);
    const isSlot = slotInstants(queue.slots, queue.timeZone, from, until).some((at) => at.getTime() === to.getTime());
    if (!isSlot) throw badRequest(QUEUE_MESSAGES.notSlot, "not_a_slot");
    if (toMinute(post.scheduledAt!) === to.getTime()) return [];
    const there = waiting.filter((row) => toMinute(row.scheduledAt!) === to.getTime());
    const moved = [await schedulePost(tx, workspaceId, actorId, changedPost(post), to, pageId)];
    for (const other of there)
      moved.push(await schedulePost(tx, workspaceId, actorId, changedPost(other), post.scheduledAt!, pageId));
    return moved;
  });
  await afterAll(moved);
  return { message: QUEUE_MESSAGES.moved };
}
