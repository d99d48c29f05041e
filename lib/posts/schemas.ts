import { z } from "zod";
import type { MediaItem } from "@/lib/media/schemas";
import {
  MESSAGES,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  SHARE_MESSAGE_MAX,
  postStatuses,
  type PostStatus,
} from "./constants";
import { socialPlatformSchema, type SocialPlatform } from "@/lib/social/schemas";
import type { ApiSuccess } from "@/lib/api-response";

/**
 * Client-safe contract of the posts API (spec sections 3, 5, 7). Messages are the spec's wording
 * (lib/posts/constants.ts, re-exported here); the editor validates with the same schemas before it
 * calls the server.
 */

export {
  POST_CONTENT_MAX,
  SHARE_MESSAGE_MAX,
  POST_TITLE_MAX,
  DEFAULT_SHARE_MESSAGE,
  MESSAGES,
  pageInDoubtMessage,
  postStatuses,
} from "./constants";
export type { PostCounts, PostStatus } from "./constants";

export const postStatusSchema = z.enum(postStatuses, { error: "status must be draft, scheduled, published or failed" });

/** One chosen page: post original content on it, or reshare ('Share As') from it. */
export const postPageSchema = z.object({
  type: z.enum(["post", "share"], { error: "Each page needs a type of post or share" }).default("post"),
  pageId: z.string({ error: MESSAGES.pagesAndContent }).min(1, { error: MESSAGES.pagesAndContent }).max(64),
  platform: z.unknown().optional(),
});

const content = z.string({ error: MESSAGES.pagesAndContent }).max(POST_CONTENT_MAX, { error: MESSAGES.contentTooLong });

const shareContent = z
  .string({ error: "Share message must be text" })
  .max(SHARE_MESSAGE_MAX, { error: MESSAGES.shareTooLong })
  .nullish();

/** Trimmed; an empty title is no title (null). */
export const postTitleSchema = z
  .string({ error: "Title must be text" })
  .trim()
  .max(POST_TITLE_MAX, { error: MESSAGES.titleTooLong })
  .regex(/^[^\r\n]*$/, { error: MESSAGES.titleOneLine })
  .transform((value) => value || null)
  .nullish();

/** Media are referenced by their stored filename (what GET /api/media/user returns). */
const media = z.array(z.string().min(1).max(255), { error: "media must be a list of filenames" }).max(10, {
  error: "A post can have at most 10 media files.",
});

export const createPostSchema = z.object({
  pages: z.array(postPageSchema, { error: MESSAGES.pagesAndContent }).max(100, { error: "Too many pages selected" }),
  content,
  shareContent,
  useAIShareMessage: z.boolean({ error: "useAIShareMessage must be true or false" }).default(false),
  summarizeForTwitter: z.boolean({ error: "summarizeForTwitter must be true or false" }).default(false),
  status: z
    .literal("draft", { error: "New posts are saved as drafts; schedule or publish them afterwards." })
    .default("draft"),
  chatHistoryId: z.string().max(64).nullish(),
  title: postTitleSchema,
  media: media.default([]),
});
export type CreatePostInput = z.infer<typeof createPostSchema>;

export const createAccountDraftSchema = z.object({ content });

/** PUT /api/post/{id}: every field optional; only posts that are not published. */
export const updatePostSchema = z.object({
  content: content.optional(),
  title: postTitleSchema,
  pages: z.array(postPageSchema, { error: MESSAGES.pagesAndContent }).max(100).optional(),
  media: media.optional(),
  shareContent,
  useAIShareMessage: z.boolean({ error: "useAIShareMessage must be true or false" }).optional(),
  summarizeForTwitter: z.boolean({ error: "summarizeForTwitter must be true or false" }).optional(),
  /** Scheduling: scheduledAt (ISO, UTC) with status scheduled; a new scheduledAt alone reschedules. */
  scheduledAt: z.iso.datetime({ offset: true, error: "scheduledAt must be an ISO date-time" }).optional(),
  status: z.enum(["draft", "scheduled"], { error: "status can be draft or scheduled here" }).optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostSchema>;
/** The part of an update that edits the post itself; scheduledAt and status move its schedule. */
export type PostEdit = Omit<UpdatePostInput, "scheduledAt" | "status">;

export const publishPostSchema = z.object({
  publishAt: z.iso.datetime({ offset: true, error: "publishAt must be an ISO date-time" }).optional(),
});

/** POST /api/post/{id}/page-check: the owner's answer for a page marked 'Needs your check'. */
export const pageCheckSchema = z.object({
  pageId: z.string({ error: "pageId is required" }).min(1, { error: "pageId is required" }).max(64),
  type: z.enum(["post", "share"], { error: "type must be post or share" }).default("post"),
  action: z.enum(["went_out", "publish_again"], { error: "action must be went_out or publish_again" }),
  /** With went_out: the post's address on the platform, if the owner has it. */
  postUrl: z
    .url({ protocol: /^https?$/, error: "postUrl must be a web address starting with https://" })
    .max(2000, { error: "postUrl is too long" })
    .optional(),
});
export type PageCheckInput = z.input<typeof pageCheckSchema>;
/** Any JSON object: the route reads it, the service checks it against pageCheckSchema after finding the post. */
export const pageCheckBodySchema = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });

export const PAGE_CHECK_MESSAGES = {
  notFound: "This page is not part of the post.",
  notInCheck: "This page does not need a check: its outcome is already known.",
  urlWithPublishAgain: "A post URL goes only with 'It went out'.",
  wentOut: "Marked as published.",
  publishAgain: "Publishing again.",
} as const;

export const listPostsQuerySchema = z.object({
  status: z.union([postStatusSchema, z.literal("all")]).optional(),
  page: z.coerce
    .number({ error: "page must be a number" })
    .int()
    .min(1, { error: "page must be 1 or more" })
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(100, { error: "limit must be at most 100" })
    .default(20),
  sort: z
    .enum(["date", "views", "likes", "status"], { error: "sort must be date, views, likes or status" })
    .default("date"),
});

export const dateRangeQuerySchema = z.object({
  startDate: z.iso.datetime({ offset: true, error: "startDate must be an ISO date-time" }),
  endDate: z.iso.datetime({ offset: true, error: "endDate must be an ISO date-time" }),
  status: z.union([postStatusSchema, z.literal("all")]).optional(),
});

export const bulkDeleteSchema = z.object({
  postIds: z
    .array(z.string().max(64), { error: "postIds must be a list of post ids" })
    .min(1, { error: "Select at least one post to delete" })
    .max(500, { error: "At most 500 posts can be deleted at once" }),
});

/** Spec 'Post page entry'. */
export interface PostPageEntry {
  type: "post" | "share";
  pageId: string | null;
  platform: SocialPlatform;
  pageName: string;
  /** `needs_check`: nothing could tell whether an uncertain attempt went out; the owner decides. */
  status: "published" | "failed" | "pending" | "publishing" | "needs_check";
  publishedAt: string | null;
  platformPostUrl: string | null;
  error: { message: string } | null;
  /** When the sync found the post deleted on the platform (its last figures are kept); null otherwise. */
  removedAt: string | null;
}

export type PostMediaItem = Omit<MediaItem, "id" | "createdAt">;

export interface PlatformMetrics {
  /** null: no page on this platform gives its views (unavailable, not 0). */
  views: number | null;
  likes: number;
  comments: number;
  shares: number;
  /** A fraction (0.042 = 4.2%); null while views are unavailable. */
  engagement_rate: number | null;
}

/**
 * A due post that has not reached a final state 5 minutes after its time ("no silent failures"):
 * since when it is due, why it is still waiting, and when the next attempt is planned, if known.
 */
export interface PostDelay {
  since: string;
  reason: string;
  retryAt: string | null;
}

/** Spec 'Post'. */
export interface PostDto {
  _id: string;
  id: string;
  title: string | null;
  content: string;
  status: PostStatus;
  platform: SocialPlatform | null;
  pages: PostPageEntry[];
  media: PostMediaItem[];
  shareContent: string | null;
  useAIShareMessage: boolean;
  summarizeForTwitter: boolean;
  scheduledAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  chatHistoryId: string | null;
  failureReason: string | null;
  /** Where the post stands in review; null when it was never submitted (lib/approvals/schemas.ts). */
  approvalState: "in_review" | "changes_requested" | "approved" | null;
  /** Set while the post is overdue by more than 5 minutes; null otherwise. */
  delayed: PostDelay | null;
  /** The published pages' current figures (metrics sync); null while no page of the post went out. */
  metrics: PostMetrics | null;
}

export interface PostMetrics {
  /** The views of the pages that give them; null when none does (unavailable, not 0). */
  views_sum: number | null;
  /** How many of the post's pages give no views: views_sum leaves them out rather than count 0. */
  views_unavailable: number;
  likes_sum: number;
  comments_sum: number;
  shares_sum: number;
  byPlatform: Partial<Record<SocialPlatform, PlatformMetrics>>;
}

export interface BulkDeleteResult {
  postId: string;
  success: boolean;
  error?: string;
}

// ---- Answers (route handlers and lib/client/requests/posts.ts share them) --------------------

/** GET, PUT /api/post/{id}, POST /api/social/posts, POST /api/post/{id}/publish. */
export type PostResponse = ApiSuccess<{ post: PostDto; message?: string }>;

export interface PostListPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** GET /api/post. */
export type PostListResponse = ApiSuccess<{ posts: PostDto[]; pagination: PostListPagination }>;

/** DELETE /api/post/bulk/delete. */
export type BulkDeleteResponse = ApiSuccess<{
  deletedCount: number;
  total: number;
  failedCount: number;
  results: BulkDeleteResult[];
}>;

export { socialPlatformSchema };
