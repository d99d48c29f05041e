import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { APPROVAL_COMMENT_MAX } from "./limits";
import {
  REVIEW_LINK_DAYS,
  REVIEW_LINK_DEFAULT_DAYS,
  REVIEW_LINK_POSTS_MAX,
  type CreateReviewLinkInput,
  type ReviewDecisionInput,
} from "./review-links";

/** The review links' request bodies, checked by the server (contracts in review-links.ts). */

const NAME_MAX = 100;

const personName = z
  .string({ error: "Name must be text" })
  .trim()
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const createReviewLinkSchema = z
  .object({
    postIds: z
      .array(z.uuid({ error: "postIds must be post ids" }), { error: "postIds must be a list of post ids" })
      .min(1, "Choose at least one post")
      .max(REVIEW_LINK_POSTS_MAX, `At most ${REVIEW_LINK_POSTS_MAX} posts fit in one review link`),
    recipientName: personName.optional(),
    recipientEmail: emailSchema,
    expiresInDays: z
      .number({ error: "expiresInDays must be a number of days" })
      .refine((days) => (REVIEW_LINK_DAYS as readonly number[]).includes(days), {
        error: `expiresInDays must be one of ${REVIEW_LINK_DAYS.join(", ")}`,
      })
      .default(REVIEW_LINK_DEFAULT_DAYS),
  })
  .strict();

export const reviewDecisionSchema = z
  .object({
    postId: z.uuid({ error: "postId must be a post id" }),
    /** The version the reviewer saw (ReviewPostView.version): a post changed since is refused. */
    version: z.string({ error: "version is required" }).regex(/^[0-9a-f]{64}$/, "version must be a version hash"),
    decision: z.enum(["approved", "changes_requested"], { error: "decision must be approved or changes_requested" }),
    name: personName.min(1, "Enter your name"),
    email: emailSchema,
    comment: z
      .string({ error: "Comment must be text" })
      .trim()
      .max(APPROVAL_COMMENT_MAX, `Comment must be at most ${APPROVAL_COMMENT_MAX} characters`)
      .optional(),
  })
  .strict()
  .refine((input) => input.decision === "approved" || Boolean(input.comment), {
    error: "Say what should change",
    path: ["comment"],
  });

// The browser's input types are the schemas' own.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameInputs: [
  Same<z.input<typeof createReviewLinkSchema>, CreateReviewLinkInput>,
  Same<z.input<typeof reviewDecisionSchema>, ReviewDecisionInput>,
] = [true, true];
void sameInputs;
