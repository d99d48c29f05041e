import { z } from "zod";
import { APPROVAL_COMMENT_MAX } from "./limits";

/** Contracts of the approval endpoints (POST /api/post/{id}/submit, /approve, /request-changes). */

export { APPROVAL_COMMENT_MAX };

/** Any JSON object: the route reads it, the service checks it once the post is known to be the workspace's. */
export const approvalBodySchema = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });

export const submitForApprovalSchema = z
  .object({ scheduledAt: z.iso.datetime({ offset: true, error: "scheduledAt must be an ISO date" }).optional() })
  .strict();
export type SubmitForApprovalInput = z.infer<typeof submitForApprovalSchema>;

export const approveSchema = z
  .object({
    comment: z
      .string()
      .trim()
      .max(APPROVAL_COMMENT_MAX, `Comment must be at most ${APPROVAL_COMMENT_MAX} characters`)
      .optional(),
  })
  .strict();
export type ApproveInput = z.infer<typeof approveSchema>;

export const requestChangesSchema = z
  .object({
    comment: z
      .string({ error: "Say what should change" })
      .trim()
      .min(1, "Say what should change")
      .max(APPROVAL_COMMENT_MAX, `Comment must be at most ${APPROVAL_COMMENT_MAX} characters`),
  })
  .strict();
export type RequestChangesInput = z.infer<typeof requestChangesSchema>;

export const approvalSettingSchema = z.object({ postsNeedApproval: z.boolean() }).strict();
export type ApprovalSettingInput = z.infer<typeof approvalSettingSchema>;

export { APPROVAL_LABELS, APPROVAL_MESSAGES } from "./constants";
