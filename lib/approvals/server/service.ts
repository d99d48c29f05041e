import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { postComments, posts, postApprovals } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/server/api/errors";
import { isUuid } from "@/lib/ids";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { MESSAGES, type PostDto } from "@/lib/posts/schemas";
import { scheduleForReview } from "@/lib/publishing/server/schedule-service";
import { postSubject, recordActivity } from "@/lib/activity/server/record";
import { mailNotice, recordNotice, type Notice } from "@/lib/notifications/server/notify";
import {
  APPROVAL_MESSAGES,
  approveSchema,
  requestChangesSchema,
  submitForApprovalSchema,
} from "@/lib/approvals/schemas";
import { REVIEW_MESSAGES } from "@/lib/approvals/review-links";
import { approverIds, postName } from "./back-in-review";

/**
 * Submitting a post for approval, approving it, asking for changes (decision 0060). A decision is
 * bound to the version decided on: its row records post_content_hash() of the post as it is under
 * the post's lock, and the publisher's claim sends only that version (gate.ts). Members decide by
 * their role; an outsider by a review link (review-links.ts), on the version they were shown.
 */

export interface Reviewer {
  id: string;
  name: string | null;
  email: string;
}

const personName = (person: { name: string | null; email: string }) => person.name?.trim() || person.email;

/**
 * POST /api/post/{id}/submit: the post on the schedule at `scheduledAt` (else its time already set),
 * waiting for approval. Anyone who may write drafts submits; approvers are told in the app.
 */
export async function submitForApproval(
  workspaceId: string,
  submitter: Reviewer,
  postId: string,
  body: unknown,
): Promise<PostDto> {
  const current = await getPostOrThrow(workspaceId, postId);
  // Checked once the post is known to be the workspace's: another's answers 404 whatever the body.
  const input = submitForApprovalSchema.parse(body);
  const at = input.scheduledAt ?? current.scheduledAt;
  if (!at) throw badRequest(MESSAGES.scheduleInPast, "schedule_in_past");
  await scheduleForReview(workspaceId, submitter.id, current, new Date(at));
  const notice: Notice = {
    workspaceId,
    postId,
    kind: "submitted",
    text: `${personName(submitter)} submitted "${postName(current)}" for approval.`,
    subject: "A post waits for your approval",
  };
  const approvers = (await approverIds(db, workspaceId)).filter((id) => id !== submitter.id);
  await recordNotice(db, approvers, notice);
  return getPostOrThrow(workspaceId, postId);
}

/** POST /api/post/{id}/approve: the version in review, as it is now, approved. */
export function approvePost(workspaceId: string, reviewer: Reviewer, postId: string, body: unknown) {
  return decide(workspaceId, { member: reviewer }, postId, "approved", () => approveSchema.parse(body).comment ?? null);
}

/** POST /api/post/{id}/request-changes: the author is asked for changes, with the reviewer's comment. */
export function requestChanges(workspaceId: string, reviewer: Reviewer, postId: string, body: unknown) {
  return decide(
    workspaceId,
    { member: reviewer },
    postId,
    "changes_requested",
    () => requestChangesSchema.parse(body).comment,
  );
}

/** Someone outside the workspace deciding through a review link (review-links.ts), on the version they saw. */
export interface Outsider {
  name: string;
  email: string;
  linkId: string;
  /** Who sent the link: told of the decision with the author. */
  linkCreatedBy: string | null;
  /** post_content_hash() of the version the outsider was shown. */
  version: string;
}

export type Decider = { member: Reviewer; outsider?: never } | { outsider: Outsider; member?: never };

export async function decide(
  workspaceId: string,
  decider: Decider,
  postId: string,
  decision: "approved" | "changes_requested",
  /** The comment from the body, parsed once the post is found (another's answers 404 whatever the body). */
  readComment: () => string | null,
): Promise<PostDto> {
  if (!isUuid(postId)) throw notFound(MESSAGES.notFound);
  const { member, outsider } = decider;
  const { post, notified, notice } = await db.transaction(async (tx) => {
    // The same lock an edit takes (post-lock.ts): the hash recorded is of the version no edit can change meanwhile.
    const [post] = await tx
      .select({
        id: posts.id,
        status: posts.status,
        approvalState: posts.approvalState,
        authorId: posts.authorId,
        title: posts.title,
        content: posts.content,
        version: sql<string>`post_content_hash(${posts.id})`,
      })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
      .for("update");
    if (!post) throw notFound(MESSAGES.notFound);
    const comment = readComment();
    // Approving needs the post waiting for its time; changes may be asked of an approved one too.
    const open = post.status === "scheduled" || (decision === "changes_requested" && post.status === "draft");
    const states = decision === "approved" ? ["in_review"] : ["in_review", "approved"];
    if (!open || !states.includes(post.approvalState ?? ""))
      throw conflict(APPROVAL_MESSAGES.notInReview, "not_in_review");
    // An outsider decides on what they saw: a version changed since is not theirs to approve.
    if (outsider && outsider.version !== post.version) throw conflict(REVIEW_MESSAGES.changed, "version_changed");
    await tx.insert(postApprovals).values({
      postId,
      contentHash: post.version,
      decidedBy: member?.id ?? null,
      reviewerName: outsider?.name ?? null,
      reviewerEmail: outsider?.email ?? null,
      reviewLinkId: outsider?.linkId ?? null,
      decision,
      comment,
    });
    await tx.update(posts).set({ approvalState: decision }).where(eq(posts.id, postId));
    // The decision's words join the post's thread, where the author answers them.
    if (comment)
      await tx.insert(postComments).values({
        postId,
        workspaceId,
        authorId: member?.id ?? null,
        authorLabel: outsider ? outsiderLabel(outsider) : null,
        body: `${decision === "approved" ? "Approved" : "Changes requested"}: ${comment}`,
      });
    await recordActivity(tx, {
      workspaceId,
      actorId: member?.id ?? null,
      actorLabel: outsider ? outsiderLabel(outsider) : undefined,
      kind: decision === "approved" ? "post_approved" : "post_changes_requested",
      postId,
      subject: postSubject(post),
      details: {
        ...(comment ? { comment } : {}),
        ...(outsider ? { reviewLinkId: outsider.linkId, reviewerEmail: outsider.email } : {}),
      },
    });
    const name = postName(post);
    const who = member ? personName(member) : `${outsider.name} (${outsider.email})`;
    const via = outsider ? " via review link" : "";
    const notice: Notice =
      decision === "approved"
        ? {
            workspaceId,
            postId,
            kind: "approved",
            text: `${who} approved "${name}"${via}.${comment ? ` Comment: ${comment}` : ""}`,
            subject: "Your post was approved",
          }
        : {
            workspaceId,
            postId,
            kind: "changes_requested",
            text: `${who} asked for changes to "${name}"${via}: ${comment}`,
            subject: "Changes requested to your post",
          };
    const told = member ? [post.authorId] : [post.authorId, outsider.linkCreatedBy];
    const notified = await recordNotice(
      tx,
      told.filter((id) => id !== member?.id),
      notice,
    );
    return { post, notified, notice };
  });
  await mailNotice(notified, notice);
  return getPostOrThrow(workspaceId, post.id);
}

/** How an outsider's decisions are named: their name and address, and how they decided. */
const outsiderLabel = (outsider: Outsider) => `${outsider.name} (${outsider.email}) via review link`;
