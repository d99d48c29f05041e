import type { ApiSuccess } from "@/lib/api-response";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import type { PostMediaItem, PostStatus } from "@/lib/posts/schemas";
import type { ApprovalState } from "./constants";

/**
 * Contracts of review links: an approver sends a set of posts to someone outside the workspace
 * (a client), who reviews them without an account (docs/decisions/0062-client-review-links.md).
 * Without zod, so the pages' components load none; the request schemas are in review-link-schemas.ts.
 */

export const REVIEW_LINK_POSTS_MAX = 50;
export const REVIEW_LINK_DAYS = [1, 3, 7, 14, 30] as const;
export const REVIEW_LINK_DEFAULT_DAYS = 7;

export interface CreateReviewLinkInput {
  postIds: string[];
  recipientEmail: string;
  recipientName?: string;
  expiresInDays?: number;
}

export interface ReviewDecisionInput {
  postId: string;
  /** The version the reviewer saw (ReviewPostView.version): a post changed since is refused. */
  version: string;
  decision: "approved" | "changes_requested";
  name: string;
  email: string;
  comment?: string;
}
export type ReviewLinkState = "active" | "expired" | "revoked";

/** A link as the workspace's approvers see it (Settings › Workspace › Review links). */
export interface ReviewLinkSummary {
  id: string;
  recipientName: string | null;
  recipientEmail: string;
  createdByName: string | null;
  createdAt: string;
  expiresAt: string;
  state: ReviewLinkState;
  postCount: number;
  /** Decisions made through the link. */
  decisionCount: number;
}

export type ReviewLinkListResponse = ApiSuccess<{ data: ReviewLinkSummary[] }>;
export type ReviewLinkCreatedResponse = ApiSuccess<{
  data: ReviewLinkSummary & { url: string; mailed: boolean };
  message: string;
}>;

/** One page the post goes to, as its feed shows the author. */
export interface ReviewPageView {
  platform: ConnectablePlatform;
  name: string;
  username: string | null;
  picture: string | null;
}

/** The latest decision made through this link on a post. */
export interface ReviewDecisionView {
  decision: "approved" | "changes_requested";
  name: string;
  comment: string | null;
  decidedAt: string;
}

/** A post as the outside reviewer sees it: what goes out, where and when, and nothing else. */
export interface ReviewPostView {
  id: string;
  title: string | null;
  content: string;
  media: PostMediaItem[];
  summarizeForTwitter: boolean;
  /** The pages the post itself goes to. */
  pages: ReviewPageView[];
  /** Pages that reshare the post, with their message. */
  shares: { pages: ReviewPageView[]; message: string | null } | null;
  scheduledAt: string | null;
  status: PostStatus;
  approvalState: ApprovalState | null;
  /** post_content_hash() of the version shown; a decision names it. */
  version: string;
  /** The reviewer may decide now: the post waits for its time, in review (changes also when approved). */
  decidable: { approve: boolean; requestChanges: boolean };
  lastDecision: ReviewDecisionView | null;
}

export interface ReviewView {
  workspaceName: string;
  timeZone: string;
  sentBy: string | null;
  recipientName: string | null;
  recipientEmail: string;
  expiresAt: string;
  posts: ReviewPostView[];
}

export type ReviewViewResponse = ApiSuccess<{ data: ReviewView }>;
export type ReviewDecisionResponse = ApiSuccess<{ data: ReviewPostView; message: string }>;

export const REVIEW_MESSAGES = {
  invalid: "This review link is not valid. Check that you copied all of it.",
  expired: "This review link has expired. Ask the person who sent it for a new one.",
  revoked: "This review link was withdrawn by the person who sent it.",
  notReviewable: "Only posts waiting for approval can be sent for review.",
  changed: "This post changed since you opened the link. Reload the page to review the current version.",
  decided: "This post is not waiting for your review any more.",
  created: (email: string) => `Review link sent to ${email}`,
  revokedDone: "Review link withdrawn",
  approved: "Thank you: the post is approved.",
  changesRequested: "Thank you: your comments were sent.",
  mailFailed: "The review link was created but the e-mail could not be sent. Copy the link and send it yourself.",
} as const;
