/**
 * The approval flow's words, without zod, so always-loaded client code (the editor's buttons, the
 * list's badges) can import them without the schemas.
 */

export type ApprovalState = "in_review" | "changes_requested" | "approved";

/** The badge of each state in the content list and the editor. */
export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  in_review: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
};

export const APPROVAL_MESSAGES = {
  /** A post still in review (or with changes requested) when its time came: its failure reason. */
  missed: "Approval missed",
  submitted: "Post submitted for approval",
  approved: "Post approved",
  changesRequested: "Changes requested",
  notInReview: "This post is not waiting for approval.",
  publishNowNeedsApproval: "This post needs approval before it is published. Submit it for approval with its time.",
  settingSaved: "Approval setting saved",
} as const;
