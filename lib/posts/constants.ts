import { MEDIA_MESSAGES } from "@/lib/media/constants";

/**
 * The posts API's limits and messages (the spec's wording): plain values, no zod, so the editor
 * does not ship the validation library in its first load; it loads the schemas when it
 * first checks a draft. Re-exported by lib/posts/schemas.ts.
 */

export const POST_CONTENT_MAX = 10_000;
export const SHARE_MESSAGE_MAX = 280;
/** An optional title: one line, shown in the lists instead of the post's first line. */
export const POST_TITLE_MAX = 150;
export const DEFAULT_SHARE_MESSAGE = "Check out our latest post!";
export const MESSAGES = {
  pagesAndContent: "Please select at least one page and write some content.",
  contentTooLong: "Post content is too long. Maximum 10,000 characters allowed.",
  missingPlatform: "Some pages are missing platform information. Please reconnect these accounts.",
  shareTooLong: "Share message is too long. Maximum 280 characters allowed.",
  mixedMedia: MEDIA_MESSAGES.mixed,
  notFound: "Post not found. It may have been deleted.",
  published: "Published posts cannot be edited.",
  limitReached: "Post limit reached for your plan. Please upgrade or delete old posts.",
  publishingNow: "This post is being published right now. Try again in a moment.",
  scheduleInPast: "Please select a future date and time",
  titleTooLong: `Title is too long. Maximum ${POST_TITLE_MAX} characters allowed.`,
  titleOneLine: "Title must be a single line.",
} as const;

/** 409 for removing a page whose last attempt may have gone out (see replaceTargets). */
export const pageInDoubtMessage = (pageName: string) =>
  `This post may already have gone out on ${pageName}, and we are checking. You can remove that page once the check has finished.`;

export const postStatuses = ["draft", "scheduled", "published", "failed"] as const;
export type PostStatus = (typeof postStatuses)[number];
/** How many posts a user has of each status (GET /api/auth/me carries it for the dashboard). */
export type PostCounts = Record<PostStatus, number>;
