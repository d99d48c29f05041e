import { z } from "zod";
import type { ApiSuccess } from "@/lib/api-response";
import type { WorkspaceRole } from "@/lib/workspaces/schemas";

/**
 * Contracts of the activity log and post comments, shared by the route handlers and the browser.
 *
 * Kinds, and who records them (lib/activity/server/record.ts `recordActivity`, in the transaction
 * of the change; docs/decisions/0061-activity-log-and-comments.md):
 * - posts (lib/posts, lib/publishing): post_created, post_edited, post_scheduled, post_unscheduled,
 *   post_deleted; post_published and post_failed by the database itself, in the statement that
 *   settles the post (db/functions/activity_on_post_outcome.sql), with 'Postloom' as the actor;
 * - approvals (lib/approvals): post_submitted, post_approved, post_changes_requested (an outsider's
 *   through a review link has no actor id, their name and address as the label); review_link_created
 *   (subject: the recipient; details: { postIds, expiresAt }), review_link_revoked;
 * - accounts (lib/social): account_connected, account_disconnected;
 * - members and invitations: member_invited, member_added, member_removed,
 *   member_role_changed (details: { role, previousRole }), invitation_revoked;
 * - the workspace: workspace_renamed (details: { from, to });
 * - comments: comment_added (details: { commentId, mentioned }).
 */

export const ACTIVITY_KINDS = [
  "post_created",
  "post_edited",
  "post_submitted",
  "post_approved",
  "post_changes_requested",
  "review_link_created",
  "review_link_revoked",
  "post_scheduled",
  "post_unscheduled",
  "post_published",
  "post_failed",
  "post_deleted",
  "account_connected",
  "account_disconnected",
  "member_invited",
  "member_added",
  "member_removed",
  "member_role_changed",
  "invitation_revoked",
  "workspace_renamed",
  "comment_added",
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** The actor the worker's events carry (they have no person behind them). */
export const SYSTEM_ACTOR = "Postloom";

/** Kept at least this long; the worker's prune removes what is older (docs/data.md). */
export const ACTIVITY_RETENTION_DAYS = 400;

export const ACTIVITY_PAGE_MAX = 100;

const id = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(100, `${name} is too long`).optional();

export const listActivityQuerySchema = z
  .object({
    actor: id("actor"),
    post: z.uuid({ error: "post must be a post id" }).optional(),
    before: z.uuid({ error: "before must be the id of an event (nextCursor)" }).optional(),
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int({ error: "limit must be a whole number" })
      .min(1, { error: "limit must be 1 or more" })
      .max(ACTIVITY_PAGE_MAX, { error: `limit must be at most ${ACTIVITY_PAGE_MAX}` })
      .default(50),
  })
  .strict();
export type ListActivityQuery = z.infer<typeof listActivityQuerySchema>;

export interface ActivityEventDto {
  id: string;
  kind: ActivityKind;
  actorId: string | null;
  actorLabel: string;
  postId: string | null;
  subject: string;
  details: Record<string, unknown>;
  createdAt: string;
}

export type ActivityListResponse = ApiSuccess<{ data: ActivityEventDto[]; nextCursor: string | null }>;

export const COMMENT_MAX = 2000;

export const createCommentSchema = z
  .object({
    body: z
      .string({ error: "Comment is required" })
      .trim()
      .min(1, "Comment is required")
      .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`),
  })
  .strict();
export type CreateCommentInput = z.infer<typeof createCommentSchema>;
/** What the route reads before the post is known (createCommentSchema is applied after: another's post is 404 whatever the body). */
export const commentRequestSchema = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });

export interface CommentDto {
  id: string;
  postId: string;
  authorId: string | null;
  authorName: string;
  body: string;
  mentionedIds: string[];
  createdAt: string;
}

export type CommentListResponse = ApiSuccess<{ data: CommentDto[] }>;
export type CommentResponse = ApiSuccess<{ data: CommentDto; message: string }>;

/** A member as the mention autocomplete and the activity filter see them. */
export interface MemberDto {
  id: string;
  name: string;
  email: string;
  role: WorkspaceRole;
}

export const COMMENT_MESSAGES = {
  notFound: "Comment not found",
  notYours: "You can only delete your own comments.",
  added: "Comment added",
  deleted: "Comment deleted",
} as const;
