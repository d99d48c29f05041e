import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/server/api/errors";
import { enqueuePublish } from "@/lib/server/queue/publish-queue";
import { assertChangeable, lockPostForChange } from "@/lib/posts/server/post-lock";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { applyPostEdit } from "@/lib/posts/server/service";
import { IN_DOUBT, NEEDS_CHECK, UNCERTAIN } from "@/lib/posts/server/target-states";
import {
  MESSAGES,
  PAGE_CHECK_MESSAGES,
  pageCheckSchema,
  type PageCheckInput,
  type PostDto,
  type PostEdit,
  type UpdatePostInput,
} from "@/lib/posts/schemas";
import { settle } from "./settle";

/**
 * Every change to an existing post goes through here: an edit (PUT), a schedule or reschedule (PUT
 * with scheduledAt or status), publishing now (POST /publish). The post is read once, every rule is
 * checked before the first write, and the edit and the schedule change are one transaction; the job
 * is queued after it commits (if that fails, the worker's reconcile queues it from the database).
 *
 * Each schedule change bumps the post's schedule version and queues a job for that version; a job
 * made for an older version finds itself stale and does nothing, so rescheduling never publishes
 * twice. Pages already published are never re-sent.
 */

type ScheduleChange = { kind: "schedule"; at: Date } | { kind: "unschedule" } | null;

const PUBLISH_NOW_WAIT_MS = 8_000;
/** A publishAt this close to now means now. */
const NOW_TOLERANCE_MS = 5_000;

/** PUT /api/post/{id}: edits and, with scheduledAt or status, schedules or unschedules. */
export async function savePost(userId: string, postId: string, input: UpdatePostInput): Promise<PostDto> {
  const { scheduledAt, status, ...edit } = input;
  const current = await getPostOrThrow(userId, postId);
  const schedule = scheduleChangeFor(current, scheduledAt, status);
  await changePost(userId, current, edit, schedule);
  return getPostOrThrow(userId, postId);
}

/** POST /api/post/{id}/publish: now (waiting a few seconds for the outcome) or at publishAt. */
export async function publishPost(userId: string, postId: string, publishAt?: Date): Promise<PostDto> {
  const current = await getPostOrThrow(userId, postId);
  const later = publishAt && publishAt.getTime() > Date.now() + NOW_TOLERANCE_MS;
  await changePost(userId, current, {}, { kind: "schedule", at: later ? publishAt : new Date() });
  if (later) return getPostOrThrow(userId, postId);
  const deadline = Date.now() + PUBLISH_NOW_WAIT_MS;
  let post = await getPostOrThrow(userId, postId);
  while (post.status === "scheduled" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    post = await getPostOrThrow(userId, postId);
  }
  return post;
}

/**
 * POST /api/post/{id}/page-check: the owner's answer for a page nothing could decide. 'It went out'
 * records it published (with the address they give, if any); 'Publish again' sends it as a new
 * attempt, no longer in doubt. Either way the post's job runs again, so its shares and its status follow.
 */
export async function resolvePageCheck(
  userId: string,
  postId: string,
  body: unknown,
): Promise<{ post: PostDto; action: PageCheckInput["action"] }> {
  const current = await getPostOrThrow(userId, postId);
  const input = pageCheckSchema.parse(body);
  const page = current.pages.find((entry) => entry.pageId === input.pageId && entry.type === input.type);
  if (!page) throw notFound(PAGE_CHECK_MESSAGES.notFound);
  if (page.status !== NEEDS_CHECK) throw conflict(PAGE_CHECK_MESSAGES.notInCheck, "page_not_in_check");
  if (input.action === "publish_again" && input.postUrl)
    throw badRequest(PAGE_CHECK_MESSAGES.urlWithPublishAgain, "url_with_publish_again");
  const wentOut = input.action === "went_out";
  const job = await db.transaction(async (tx) => {
    await lockPostForChange(tx, userId, postId);
    const [target] = await tx
      .update(postTargets)
      .set(
        wentOut
          ? {
              status: "published",
              platformPostUrl: input.postUrl ?? null,
              publishedAt: new Date(),
              errorCode: null,
              errorMessage: null,
            }
          : { status: "pending", attempts: 0, nextAttemptAt: null, errorCode: null, errorMessage: null },
      )
      .where(
        and(
          eq(postTargets.postId, postId),
          eq(postTargets.pageId, input.pageId),
          eq(postTargets.type, input.type),
          eq(postTargets.status, NEEDS_CHECK),
        ),
      )
      .returning({ id: postTargets.id });
    if (!target) throw conflict(PAGE_CHECK_MESSAGES.notInCheck, "page_not_in_check");
    // A draft stays a draft after 'It went out'; 'Publish again' is a publish.
    if (wentOut && current.status !== "scheduled") return null;
    return resumeSchedule(tx, postId);
  });
  if (job) {
    // Its shares (which no dispatcher publishes) may have been waiting for this answer.
    await enqueuePublish({ postId, scheduleVersion: job.version }, job.runAt, { atOnce: true });
    const [post] = await db.select().from(posts).where(eq(posts.id, postId));
    // Settled here too, so the answer already shows the post published when that page was its last.
    if (post) await settle(post);
  }
  return { post: await getPostOrThrow(userId, postId), action: input.action };
}

/**
 * A new schedule version for the post, due now unless it is due later, without touching its other
 * pages (unlike a reschedule, a failed page elsewhere is not sent again).
 */
async function resumeSchedule(tx: Transaction, postId: string): Promise<{ version: number; runAt: Date }> {
  const now = new Date();
  const [row] = await tx
    .update(posts)
    .set({
      status: "scheduled",
      scheduledAt: sql`greatest(coalesce(${posts.scheduledAt}, ${now}), ${now})`,
      scheduleVersion: sql`${posts.scheduleVersion} + 1`,
      failureReason: null,
    })
    .where(eq(posts.id, postId))
    .returning({ version: posts.scheduleVersion, runAt: posts.scheduledAt });
  return { version: row!.version, runAt: row!.runAt ?? now };
}

function scheduleChangeFor(current: PostDto, scheduledAt?: string, status?: "draft" | "scheduled"): ScheduleChange {
  if (scheduledAt) return { kind: "schedule", at: futureOrThrow(new Date(scheduledAt)) };
  if (status === "scheduled") {
    if (!current.scheduledAt) throw badRequest(MESSAGES.scheduleInPast, "schedule_in_past");
    return { kind: "schedule", at: futureOrThrow(new Date(current.scheduledAt)) };
  }
  if (status === "draft" && current.status === "scheduled") return { kind: "unschedule" };
  return null;
}

function futureOrThrow(at: Date): Date {
  if (!(at.getTime() > Date.now())) throw badRequest(MESSAGES.scheduleInPast, "schedule_in_past");
  return at;
}

async function changePost(userId: string, current: PostDto, edit: PostEdit, schedule: ScheduleChange): Promise<void> {
  assertChangeable(current);
  const version = await db.transaction(async (tx) => {
    await lockPostForChange(tx, userId, current.id);
    await applyPostEdit(tx, userId, current, edit);
    if (schedule?.kind === "schedule") return setSchedule(tx, current.id, schedule.at);
    if (schedule?.kind === "unschedule") await unschedule(tx, current.id);
    return null;
  });
  if (version !== null && schedule?.kind === "schedule")
    await enqueuePublish({ postId: current.id, scheduleVersion: version }, schedule.at);
}

/** Moves the post onto a new schedule version, its unpublished pages pending again. */
async function setSchedule(tx: Transaction, postId: string, runAt: Date): Promise<number> {
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
  return row!.version;
}

async function unschedule(tx: Transaction, postId: string): Promise<void> {
  await tx
    .update(posts)
    .set({ status: "draft", scheduledAt: null, scheduleVersion: sql`${posts.scheduleVersion} + 1` })
    .where(and(eq(posts.id, postId), ne(posts.status, "published")));
}
