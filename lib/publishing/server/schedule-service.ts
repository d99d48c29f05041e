import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { badRequest, conflict } from "@/lib/server/api/errors";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { MESSAGES, type PostDto } from "@/lib/posts/schemas";
import { enqueuePublish } from "@/lib/server/queue/publish-queue";
import { IN_DOUBT, UNCERTAIN } from "./claim";

/**
 * Scheduling, rescheduling and publishing now. Each change bumps the post's schedule version and
 * queues a job for that version; a job made for an older version finds itself stale and does
 * nothing, so rescheduling never publishes twice. Pages already published are never re-sent.
 */

export const FUTURE_MESSAGE = "Please select a future date and time";
const PUBLISH_NOW_WAIT_MS = 8_000;

async function assertSchedulable(userId: string, postId: string): Promise<PostDto> {
  const post = await getPostOrThrow(userId, postId);
  if (post.status === "published") throw conflict(MESSAGES.published, "post_published");
  if (post.pages.some((page) => page.status === "publishing")) throw conflict(PUBLISHING_NOW, "post_publishing");
  if (post.pages.length === 0 || post.content.trim() === "")
    throw badRequest(MESSAGES.pagesAndContent, "pages_and_content_required");
  return post;
}

const PUBLISHING_NOW = "This post is being published right now. Try again in a moment.";

/**
 * Inside a transaction that has locked the post row (by updating it, or with lockPostForChange):
 * refuses when a page is being published. A worker claims a page only while holding the post row
 * FOR SHARE, so after our lock no new claim can start, and a claim that got in first is visible here.
 */
async function assertNothingPublishing(tx: Transaction, postId: string): Promise<void> {
  const [busy] = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "publishing")))
    .limit(1);
  if (busy) throw conflict(PUBLISHING_NOW, "post_publishing");
}

/** For edits that replace a post's pages: no worker may be publishing to them meanwhile. */
export async function lockPostForChange(tx: Transaction, postId: string): Promise<void> {
  await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for("update");
  await assertNothingPublishing(tx, postId);
}

/** Moves the post onto a new schedule version (optionally resetting unpublished pages) and queues it. */
async function setSchedule(postId: string, runAt: Date): Promise<void> {
  const version = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(posts)
      .set({
        status: "scheduled",
        scheduledAt: runAt,
        scheduleVersion: sql`${posts.scheduleVersion} + 1`,
        failureReason: null,
      })
      .where(and(eq(posts.id, postId), ne(posts.status, "published")))
      .returning({ version: posts.scheduleVersion });
    if (!row) throw conflict(MESSAGES.published, "post_published");
    await assertNothingPublishing(tx, postId);
    await tx
      .update(postTargets)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: null,
        // A page whose last attempt may have reached the platform (a timeout, a 5xx) stays
        // uncertain: the next attempt looks for what that one sent before sending anything.
        errorCode: sql`case when ${postTargets.errorCode} in (${sql.join(
          IN_DOUBT.map((code) => sql`${code}`),
          sql`, `,
        )}) then ${UNCERTAIN} end`,
        errorMessage: null,
      })
      .where(and(eq(postTargets.postId, postId), inArray(postTargets.status, ["pending", "failed"])));
    return row.version;
  });
  await enqueuePublish({ postId, scheduleVersion: version }, runAt);
}

export async function schedulePost(userId: string, postId: string, scheduledAt: Date): Promise<PostDto> {
  if (!(scheduledAt.getTime() > Date.now())) throw badRequest(FUTURE_MESSAGE, "schedule_in_past");
  await assertSchedulable(userId, postId);
  await setSchedule(postId, scheduledAt);
  return getPostOrThrow(userId, postId);
}

export async function unschedulePost(userId: string, postId: string): Promise<PostDto> {
  await assertSchedulable(userId, postId);
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({ status: "draft", scheduledAt: null, scheduleVersion: sql`${posts.scheduleVersion} + 1` })
      .where(and(eq(posts.id, postId), eq(posts.userId, userId), ne(posts.status, "published")));
    await assertNothingPublishing(tx, postId);
  });
  return getPostOrThrow(userId, postId);
}

/** POST /api/post/{id}/publish: now (waiting a few seconds for the outcome) or at publishAt. */
export async function publishPost(userId: string, postId: string, publishAt?: Date): Promise<PostDto> {
  if (publishAt && publishAt.getTime() > Date.now() + 5_000) return schedulePost(userId, postId, publishAt);
  await assertSchedulable(userId, postId);
  await setSchedule(postId, new Date());
  const deadline = Date.now() + PUBLISH_NOW_WAIT_MS;
  let post = await getPostOrThrow(userId, postId);
  while (post.status === "scheduled" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    post = await getPostOrThrow(userId, postId);
  }
  return post;
}
