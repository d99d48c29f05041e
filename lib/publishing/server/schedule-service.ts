import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/lib/server/api/errors";
import { PERMISSION_MESSAGES } from "@/lib/workspaces/roles";
import { enqueuePublish } from "@/lib/publishing/server/publish-queue";
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
import { postSubject, recordActivity } from "@/lib/activity/server/record";
import { postNeedsApproval, returnToReview } from "@/lib/approvals/server/gate";
import { tellBackInReview } from "@/lib/approvals/server/back-in-review";
import { mailNotice } from "@/lib/notifications/server/notify";
import { APPROVAL_MESSAGES } from "@/lib/approvals/constants";
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

export type ScheduleChange = { kind: "schedule"; at: Date } | { kind: "unschedule" } | null;

const PUBLISH_NOW_WAIT_MS = 8_000;
/** A publishAt this close to now means now. */
const NOW_TOLERANCE_MS = 5_000;

/**
 * PUT /api/post/{id}: edits and, with scheduledAt or status, schedules or unschedules. Without
 * `mayPublish` (a contributor) only a draft or a post in review is edited, and its schedule stays
 * as it is (a contributor schedules by submitting it for approval). Any change to an approved post
 * puts it back in review (lib/approvals/server/gate.ts).
 */
export async function savePost(
  workspaceId: string,
  actorId: string,
  postId: string,
  input: UpdatePostInput,
  { mayPublish }: { mayPublish: boolean } = { mayPublish: true },
): Promise<PostDto> {
  const { scheduledAt, status, ...edit } = input;
  const current = await getPostOrThrow(workspaceId, postId);
  const schedule = scheduleChangeFor(current, scheduledAt, status);
  const inReview = current.approvalState !== null && current.status !== "published";
  if (!mayPublish && (schedule !== null || (current.status !== "draft" && !inReview)))
    throw forbidden(PERMISSION_MESSAGES.publish);
  await changePost(workspaceId, actorId, current, edit, schedule);
  return getPostOrThrow(workspaceId, postId);
}

/** POST /api/post/{id}/publish: now (waiting a few seconds for the outcome) or at publishAt. */
export async function publishPost(
  workspaceId: string,
  actorId: string,
  postId: string,
  publishAt?: Date,
): Promise<PostDto> {
  const current = await getPostOrThrow(workspaceId, postId);
  const later = publishAt && publishAt.getTime() > Date.now() + NOW_TOLERANCE_MS;
  // Now would change the approved time: a post that needs approval goes out only at the time approved.
  if (!later && (await postNeedsApproval(db, postId)))
    throw conflict(APPROVAL_MESSAGES.publishNowNeedsApproval, "approval_required");
  await changePost(workspaceId, actorId, current, {}, { kind: "schedule", at: later ? publishAt : new Date() });
  if (later) return getPostOrThrow(workspaceId, postId);
  const deadline = Date.now() + PUBLISH_NOW_WAIT_MS;
  let post = await getPostOrThrow(workspaceId, postId);
  while (post.status === "scheduled" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    post = await getPostOrThrow(workspaceId, postId);
  }
  return post;
}

/**
 * POST /api/post/{id}/page-check: the owner's answer for a page nothing could decide. 'It went out'
 * records it published (with the address they give, if any); 'Publish again' sends it as a new
 * attempt, no longer in doubt. Either way the post's job runs again, so its shares and its status follow.
 */
export async function resolvePageCheck(
  workspaceId: string,
  postId: string,
  body: unknown,
): Promise<{ post: PostDto; action: PageCheckInput["action"] }> {
  const current = await getPostOrThrow(workspaceId, postId);
  const input = pageCheckSchema.parse(body);
  const page = current.pages.find((entry) => entry.pageId === input.pageId && entry.type === input.type);
  if (!page) throw notFound(PAGE_CHECK_MESSAGES.notFound);
  if (page.status !== NEEDS_CHECK) throw conflict(PAGE_CHECK_MESSAGES.notInCheck, "page_not_in_check");
  if (input.action === "publish_again" && input.postUrl)
    throw badRequest(PAGE_CHECK_MESSAGES.urlWithPublishAgain, "url_with_publish_again");
  const wentOut = input.action === "went_out";
  const job = await db.transaction(async (tx) => {
    await lockPostForChange(tx, workspaceId, postId);
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
    const resumed = await resumeSchedule(tx, postId);
    await returnToReview(tx, postId);
    return resumed;
  });
  if (job) {
    // Its shares (which no dispatcher publishes) may have been waiting for this answer.
    await enqueuePublish({ postId, scheduleVersion: job.version }, job.runAt, { atOnce: true });
    const [post] = await db.select().from(posts).where(eq(posts.id, postId));
    // Settled here too, so the answer already shows the post published when that page was its last.
    if (post) await settle(post);
  }
  return { post: await getPostOrThrow(workspaceId, postId), action: input.action };
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

/**
 * POST /api/post/{id}/submit (lib/approvals/server/service.ts): the post on the schedule at `at`,
 * in review, in one transaction. At its time it goes out only once approved as it is then.
 */
export async function scheduleForReview(
  workspaceId: string,
  actorId: string,
  current: PostDto,
  at: Date,
): Promise<void> {
  await changePost(workspaceId, actorId, current, {}, { kind: "schedule", at: futureOrThrow(at) }, { submit: true });
}

async function changePost(
  workspaceId: string,
  actorId: string,
  current: PostDto,
  edit: PostEdit,
  schedule: ScheduleChange,
  { submit }: { submit: boolean } = { submit: false },
): Promise<void> {
  assertChangeable(current);
  const outcome = await db.transaction(async (tx) => {
    const outcome = await changePostIn(tx, workspaceId, actorId, current, edit, schedule, { submit });
    // A time picked by hand is the post's own: it leaves its page's queue (lib/queue).
    if (schedule)
      await tx.update(posts).set({ queuePageId: null, queueHeldSlot: null }).where(eq(posts.id, current.id));
    return outcome;
  });
  await afterChange(current.id, schedule, outcome);
}

/** What a post's change read: enough to check it, log it and apply an edit (the whole PostDto has it). */
export type ChangedPost = Pick<PostDto, "id" | "status" | "title" | "content" | "scheduledAt"> & {
  pages: readonly unknown[];
};

export interface ChangeOutcome {
  version: number | null;
  backInReview: Awaited<ReturnType<typeof tellBackInReview>> | null;
}

/**
 * A post's change inside the caller's transaction (the queue changes several posts in one): locks
 * the post, edits it, logs it, moves its schedule, and settles its review. `afterChange` runs once
 * the transaction has committed.
 */
export async function changePostIn(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  current: ChangedPost,
  edit: PostEdit,
  schedule: ScheduleChange,
  { submit }: { submit: boolean } = { submit: false },
): Promise<ChangeOutcome> {
  await lockPostForChange(tx, workspaceId, current.id);
  await applyPostEdit(tx, workspaceId, current, edit);
  await recordChange(tx, workspaceId, actorId, current, edit, schedule, { submit });
  let version: number | null = null;
  if (schedule?.kind === "schedule") version = await setSchedule(tx, current.id, schedule.at);
  if (schedule?.kind === "unschedule") await unschedule(tx, current.id);
  // Under the post's lock, in the transaction of the change: a claim waiting for that lock sees
  // the post back in review and refuses it (lib/approvals/server/gate.ts).
  if (submit) {
    await tx.update(posts).set({ approvalState: "in_review" }).where(eq(posts.id, current.id));
    return { version, backInReview: null };
  }
  const review = await returnToReview(tx, current.id);
  return {
    version,
    backInReview: review === "returned" ? await tellBackInReview(tx, workspaceId, actorId, current.id) : null,
  };
}

/** After the change committed: the approvers told of a post back in review, the publish job queued. */
export async function afterChange(postId: string, schedule: ScheduleChange, outcome: ChangeOutcome): Promise<void> {
  if (outcome.backInReview) await mailNotice(outcome.backInReview.people, outcome.backInReview.notice);
  if (outcome.version !== null && schedule?.kind === "schedule")
    await enqueuePublish({ postId, scheduleVersion: outcome.version }, schedule.at);
}

/** The change's log entries: the edit (the fields it named), then the schedule change. */
async function recordChange(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  current: ChangedPost,
  edit: PostEdit,
  schedule: ScheduleChange,
  { submit }: { submit: boolean },
): Promise<void> {
  const subject = postSubject({
    title: edit.title !== undefined ? edit.title : current.title,
    content: edit.content ?? current.content,
  });
  const event = { workspaceId, actorId, postId: current.id, subject };
  const fields = Object.entries(edit)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
  if (fields.length > 0) await recordActivity(tx, { ...event, kind: "post_edited", details: { fields } });
  if (schedule?.kind === "schedule")
    await recordActivity(tx, {
      ...event,
      kind: "post_scheduled",
      details: {
        at: schedule.at.toISOString(),
        ...(current.status === "scheduled" && current.scheduledAt ? { previousAt: current.scheduledAt } : {}),
      },
    });
  if (schedule?.kind === "unschedule") await recordActivity(tx, { ...event, kind: "post_unscheduled" });
  if (submit) await recordActivity(tx, { ...event, kind: "post_submitted" });
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
