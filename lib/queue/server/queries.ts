import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "@/db";
import { media, pageQueues, postMedia, posts, postTargets, queueSlots, socialPages, workspaces } from "@/db/schema";
import { pageOrder } from "@/lib/social/server/queries";
import { isUuid } from "@/lib/ids";
import { notFound } from "@/lib/server/api/errors";
import {
  QUEUE_LEAD_MS,
  QUEUE_MESSAGES,
  STANDARD_SLOT_MINUTES,
  type PageQueueDto,
  type PageQueueViewDto,
  type QueueEntryDto,
  type QueuePostDto,
  type QueueSlot,
} from "../schemas";
import { slotInstants, sortSlots } from "../slots";

type Reader = Database | Transaction;

/** Best times need this many of the page's published posts with views, as Analytics' grid does. */
const BEST_SLOT_MIN_POSTS = 5;
/** The page's best hours become its default slots on weekdays. */
const BEST_SLOT_HOURS = 3;
const WEEKDAYS = [0, 1, 2, 3, 4];

const weekdaySlots = (minutes: readonly number[]): QueueSlot[] =>
  WEEKDAYS.flatMap((weekday) => minutes.map((minute) => ({ weekday, minute })));

/**
 * The hours of the day (on the queue's clock) when the page's posts were engaged with most, by
 * interactions over views; null while the page has too few published posts with views.
 */
async function bestHours(tx: Reader, pageId: string, timeZone: string): Promise<number[] | null> {
  const hour = sql<number>`extract(hour from (tm.published_at at time zone ${timeZone}))::int`;
  const { rows } = await tx.execute<{ hour: number; posts: number; rate: number }>(sql`
    select ${hour} as hour, count(*)::int as posts,
      sum(tm.likes + tm.comments + tm.shares)::float8 / sum(tm.views)::float8 as rate
    from target_metrics tm join post_targets pt on pt.id = tm.post_target_id
    where pt.page_id = ${pageId} and tm.views > 0
    group by 1`);
  const total = rows.reduce((sum, row) => sum + row.posts, 0);
  if (total < BEST_SLOT_MIN_POSTS) return null;
  return rows
    .sort((a, b) => b.rate - a.rate || a.hour - b.hour)
    .slice(0, BEST_SLOT_HOURS)
    .map((row) => row.hour)
    .sort((a, b) => a - b);
}

/**
 * The queues of the workspace's pages (all of them, or those named), as they apply now: a page
 * nobody set up has the workspace's zone and its default slots (its best times, else the standard
 * ones). Pages in the page list's order.
 */
export async function readQueues(tx: Reader, workspaceId: string, pageIds?: string[]): Promise<PageQueueDto[]> {
  if (pageIds && !pageIds.every(isUuid)) return [];
  const pages = await tx
    .select({ page: socialPages, queue: pageQueues })
    .from(socialPages)
    .leftJoin(pageQueues, eq(pageQueues.pageId, socialPages.id))
    .where(and(eq(socialPages.workspaceId, workspaceId), pageIds ? inArray(socialPages.id, pageIds) : undefined))
    .orderBy(...pageOrder);
  if (pages.length === 0) return [];
  const [workspace] = await tx
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const custom = pages.filter(({ queue }) => queue?.customSlots).map(({ page }) => page.id);
  const saved = custom.length
    ? await tx
        .select()
        .from(queueSlots)
        .where(inArray(queueSlots.pageId, custom))
        .orderBy(asc(queueSlots.weekday), asc(queueSlots.minute))
    : [];
  return Promise.all(
    pages.map(async ({ page, queue }): Promise<PageQueueDto> => {
      const timeZone = queue?.timeZone ?? workspace?.timeZone ?? "UTC";
      const base = {
        pageId: page.id,
        pageName: page.name,
        platform: page.platform,
        profilePicture: page.profilePicture,
        timeZone,
        ownTimeZone: queue?.timeZone ?? null,
        paused: queue?.paused ?? false,
      };
      if (queue?.customSlots) {
        const slots = saved.filter((slot) => slot.pageId === page.id);
        return { ...base, slotsFrom: "custom", slots: slots.map(({ weekday, minute }) => ({ weekday, minute })) };
      }
      const hours = await bestHours(tx, page.id, timeZone);
      return hours
        ? { ...base, slotsFrom: "best_times", slots: sortSlots(weekdaySlots(hours.map((hour) => hour * 60))) }
        : { ...base, slotsFrom: "standard", slots: weekdaySlots(STANDARD_SLOT_MINUTES) };
    }),
  );
}

export async function readQueueOrThrow(tx: Reader, workspaceId: string, pageId: string): Promise<PageQueueDto> {
  const [queue] = await readQueues(tx, workspaceId, [pageId]);
  if (!queue) throw notFound(QUEUE_MESSAGES.pageNotFound);
  return queue;
}

const MINUTE_MS = 60_000;
/** Instants are compared to the minute: a post at 09:00:30 holds the 09:00 slot. */
export const toMinute = (date: Date) => Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS;

/** The page's scheduled posts in [from, until): what holds its slots there. */
export async function scheduledOnPage(tx: Reader, pageId: string, from: Date, until: Date) {
  return tx
    .selectDistinct({
      id: posts.id,
      scheduledAt: posts.scheduledAt,
      queuePageId: posts.queuePageId,
    })
    .from(posts)
    .innerJoin(postTargets, eq(postTargets.postId, posts.id))
    .where(
      and(
        eq(postTargets.pageId, pageId),
        eq(posts.status, "scheduled"),
        gte(posts.scheduledAt, from),
        lt(posts.scheduledAt, until),
      ),
    );
}

/** The media's thumbnail where it has one, else an image itself; a video without one has none. */
function thumbnailUrl(item: { filename: string; type: string; thumbnailKey: string | null }): string | null {
  if (item.thumbnailKey) return `/api/media/files/${item.filename}/thumbnail`;
  return item.type === "video" ? null : `/api/media/files/${item.filename}`;
}

async function queuePosts(tx: Reader, postIds: string[], pageId: string): Promise<Map<string, QueuePostDto>> {
  if (postIds.length === 0) return new Map();
  const rows = await tx.select().from(posts).where(inArray(posts.id, postIds));
  const firstMedia = await tx
    .select({
      postId: postMedia.postId,
      filename: media.filename,
      type: media.type,
      thumbnailKey: media.thumbnailKey,
      position: postMedia.position,
    })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(inArray(postMedia.postId, postIds))
    .orderBy(asc(postMedia.position));
  return new Map(
    rows.map((row) => {
      const item = firstMedia.find((candidate) => candidate.postId === row.id);
      return [
        row.id,
        {
          id: row.id,
          title: row.title,
          content: row.content,
          status: row.status,
          approvalState: row.approvalState,
          thumbnailUrl: item ? thumbnailUrl(item) : null,
          thumbnailKind: item ? (item.type === "video" ? "video" : "image") : null,
          queued: row.queuePageId === pageId,
        },
      ];
    }),
  );
}

/**
 * GET /api/queue: every page's next `days` days: each slot (empty or with its posts), the posts at
 * times of their own among them, and what a paused queue holds.
 */
export async function getQueueView(workspaceId: string, days: number, now = new Date()): Promise<PageQueueViewDto[]> {
  const queues = await readQueues(db, workspaceId);
  const until = new Date(now.getTime() + days * 24 * 60 * MINUTE_MS);
  return Promise.all(
    queues.map(async (queue): Promise<PageQueueViewDto> => {
      const [scheduled, heldRows] = await Promise.all([
        scheduledOnPage(db, queue.pageId, now, until),
        db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.queuePageId, queue.pageId), isNotNull(posts.queueHeldSlot)))
          .orderBy(asc(posts.queueHeldSlot), asc(posts.id)),
      ]);
      const details = await queuePosts(
        db,
        [...scheduled.map((post) => post.id), ...heldRows.map((post) => post.id)],
        queue.pageId,
      );
      // From where Add to queue and moves start: a slot shown empty can be taken.
      const slots = slotInstants(queue.slots, queue.timeZone, new Date(now.getTime() + QUEUE_LEAD_MS), until).map(
        (at) => at.getTime(),
      );
      const slotSet = new Set(slots);
      const entries: (QueueEntryDto & { sort: number })[] = scheduled.map((post) => ({
        at: post.scheduledAt!.toISOString(),
        sort: post.scheduledAt!.getTime(),
        slot: slotSet.has(toMinute(post.scheduledAt!)),
        post: details.get(post.id)!,
      }));
      const held = new Set(scheduled.map((post) => toMinute(post.scheduledAt!)));
      for (const at of slots)
        if (!held.has(at)) entries.push({ at: new Date(at).toISOString(), sort: at, slot: true, post: null });
      entries.sort((a, b) => a.sort - b.sort || (a.post?.id ?? "").localeCompare(b.post?.id ?? ""));
      return {
        ...queue,
        upcoming: entries.map(({ sort: _sort, ...entry }) => entry),
        held: heldRows.map((row) => details.get(row.id)!),
      };
    }),
  );
}
