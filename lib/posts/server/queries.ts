import { and, asc, desc, eq, gte, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { db } from "@/db";
import {
  media,
  postCounts,
  postMedia,
  posts,
  postTargets,
  targetMetrics,
  workerHeartbeats,
  type Post,
  type PostTarget,
} from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { toMediaItem } from "@/lib/media/server/dto";
import { WORKER_STALE_AFTER_MS } from "@/lib/server/ops/health";
import { isUuid } from "@/lib/social/server/queries";
import type { SocialPlatform } from "@/lib/social/schemas";
import { isOverdue, postDelay } from "./delay";
import {
  MESSAGES,
  type PostCounts,
  type PostListResponse,
  type PlatformMetrics,
  type PostDto,
  type PostPageEntry,
  type PostStatus,
} from "@/lib/posts/schemas";

/** Reads of a user's posts, always scoped by owner; a page of posts costs one query. */

type Metrics = { views: number; likes: number; comments: number; shares: number; removedAt: string | null };

/**
 * A page of a post as the DTO needs it, with its current figures from the metrics sync
 * (target_metrics; only published pages have them).
 */
type TargetSummary = Pick<
  PostTarget,
  "id" | "type" | "pageId" | "platform" | "pageName" | "status" | "platformPostUrl" | "errorCode" | "errorMessage"
> & { publishedAt: Date | null; nextAttemptAt: Date | null; metrics: Metrics | null };
type MediaSummary = Parameters<typeof toMediaItem>[0];

/** The same, as Postgres writes it into JSON: timestamps are ISO strings. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type TargetJson = Json<Omit<TargetSummary, "metrics">> & { metrics: Metrics | null };

// In a select list drizzle writes a column of a single-table query unqualified ("id"), which inside
// these subqueries would name the subquery's own column; the outer post's id is spelt out.
const outerPostId = sql`${posts}.${sql.identifier(posts.id.name)}`;

/**
 * The one order of a post's pages: oldest first, posts before shares, then by page name (pages
 * chosen together share their creation time). The JSON column below spells the same order in SQL.
 */
export const targetOrder = [
  asc(postTargets.createdAt),
  asc(postTargets.type),
  asc(postTargets.pageName),
  asc(postTargets.id),
];

/**
 * A post's pages (in `targetOrder`, each with its newest metrics) and its media, as JSON columns
 * of the post's own row: a list page costs one round trip to Postgres, not one per kind of detail. Each subquery is an index scan on the post's id.
 */
const details = {
  targets: sql<TargetJson[]>`(
    select coalesce(json_agg(json_build_object(
      'id', t.id, 'type', t.type, 'pageId', t.page_id, 'platform', t.platform, 'pageName', t.page_name,
      'status', t.status, 'platformPostUrl', t.platform_post_url, 'errorCode', t.error_code,
      'errorMessage', t.error_message, 'publishedAt', t.published_at, 'nextAttemptAt', t.next_attempt_at,
      'metrics', (
        select json_build_object('views', tm.views, 'likes', tm.likes, 'comments', tm.comments, 'shares', tm.shares,
          'removedAt', tm.removed_at)
        from ${targetMetrics} tm where tm.post_target_id = t.id)
    ) order by t.created_at, t.type, t.page_name, t.id), '[]'::json)
    from ${postTargets} t where t.post_id = ${outerPostId})`,
  media: sql<Json<MediaSummary>[]>`(
    select coalesce(json_agg(json_build_object(
      'id', m.id, 'filename', m.filename, 'originalFilename', m.original_filename, 'thumbnailKey', m.thumbnail_key,
      'type', m.type, 'mimeType', m.mime_type, 'size', m.size, 'width', m.width, 'height', m.height,
      'createdAt', m.created_at
    ) order by pm.position), '[]'::json)
    from ${postMedia} pm join ${media} m on m.id = pm.media_id where pm.post_id = ${outerPostId})`,
};

/** A post's row with its details, as every read of posts selects it. */
const postWithDetails = { post: posts, ...details };
type PostRow = { post: Post; targets: TargetJson[]; media: Json<MediaSummary>[] };

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** Has any worker written its heartbeat lately? (Only asked when a post is overdue.) */
async function isWorkerAlive(now: Date): Promise<boolean> {
  const [beat] = await db
    .select({ workerId: workerHeartbeats.workerId })
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.lastSeenAt, new Date(now.getTime() - WORKER_STALE_AFTER_MS)))
    .limit(1);
  return beat !== undefined;
}

function toDto({ post, ...row }: PostRow, now: Date, workerAlive: boolean): PostDto {
  const targets: TargetSummary[] = row.targets.map((target) => ({
    ...target,
    publishedAt: dateOrNull(target.publishedAt),
    nextAttemptAt: dateOrNull(target.nextAttemptAt),
  }));
  const totals = { views_sum: 0, likes_sum: 0, comments_sum: 0, shares_sum: 0 };
  let measured = false;
  const byPlatform: Partial<Record<SocialPlatform, PlatformMetrics>> = {};
  for (const target of targets) {
    const m = target.metrics;
    if (!m) continue;
    totals.views_sum += m.views;
    totals.likes_sum += m.likes;
    totals.comments_sum += m.comments;
    totals.shares_sum += m.shares;
    measured = true;
    const platform = target.platform as SocialPlatform;
    const entry = byPlatform[platform] ?? { views: 0, likes: 0, comments: 0, shares: 0, engagement_rate: 0 };
    entry.views += m.views;
    entry.likes += m.likes;
    entry.comments += m.comments;
    entry.shares += m.shares;
    entry.engagement_rate = entry.views > 0 ? (entry.likes + entry.comments + entry.shares) / entry.views : 0;
    byPlatform[platform] = entry;
  }
  const pages: PostPageEntry[] = targets.map((target) => ({
    type: target.type,
    pageId: target.pageId,
    platform: target.platform as SocialPlatform,
    pageName: target.pageName,
    status: target.status,
    publishedAt: target.publishedAt?.toISOString() ?? null,
    platformPostUrl: target.platformPostUrl,
    error: target.errorMessage ? { message: target.errorMessage } : null,
    removedAt: target.metrics?.removedAt ? new Date(target.metrics.removedAt).toISOString() : null,
  }));
  const platforms = [...new Set(pages.map((page) => page.platform))];
  return {
    _id: post.id,
    id: post.id,
    title: post.title,
    content: post.content,
    status: post.status,
    platform: platforms.length === 1 ? platforms[0]! : null,
    pages,
    media: row.media.map((item) => toMediaItem({ ...item, createdAt: new Date(item.createdAt) })),
    shareContent: post.shareContent,
    useAIShareMessage: post.useAIShareMessage,
    summarizeForTwitter: post.summarizeForTwitter,
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    chatHistoryId: post.chatId,
    failureReason: post.failureReason,
    delayed: postDelay(post, targets, now, workerAlive),
    // Only pages that went out have figures; a post with none carries no metrics at all.
    metrics: measured ? { ...totals, byPlatform } : null,
  };
}

async function toPostDtos(rows: PostRow[], now: Date = new Date()): Promise<PostDto[]> {
  const workerAlive = rows.some((row) => isOverdue(row.post, now)) ? await isWorkerAlive(now) : true;
  return rows.map((row) => toDto(row, now, workerAlive));
}

export async function getPostOrThrow(userId: string, postId: string): Promise<PostDto> {
  const [row] = isUuid(postId)
    ? await db
        .select(postWithDetails)
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    : [];
  if (!row) throw notFound(MESSAGES.notFound);
  const [dto] = await toPostDtos([row]);
  return dto!;
}

const ORDER: Record<"date" | "views" | "likes" | "status", SQL[]> = {
  date: [desc(posts.createdAt), desc(posts.id)],
  // posts.views_total / likes_total are kept by the metrics sync: an index scan (posts_user_views_idx).
  views: [desc(posts.viewsTotal), desc(posts.createdAt), desc(posts.id)],
  likes: [desc(posts.likesTotal), desc(posts.createdAt), desc(posts.id)],
  status: [asc(posts.status), desc(posts.createdAt), desc(posts.id)],
};

type ListSort = keyof typeof ORDER;

/**
 * One prepared statement per filter and sort (eight in all), made on first use: a list request is
 * the app's hottest read, and building its SQL on every call cost more CPU than running it. Each
 * row carries the total count of the filter (kept by a trigger in post_counts), so one round trip
 * answers the whole request.
 */
const pageStatements = new Map<string, ReturnType<typeof preparePage>>();

/** The number of a user's posts (of one status), from the counters a trigger keeps in post_counts. */
function postTotal(userId: string | Placeholder, status: PostStatus | Placeholder | undefined) {
  const owner = eq(postCounts.userId, userId);
  return db
    .select({ value: sql`coalesce(sum(${postCounts.count}), 0)`.mapWith(Number) })
    .from(postCounts)
    .where(status === undefined ? owner : and(owner, eq(postCounts.status, status)));
}

function preparePage(byStatus: boolean, sort: ListSort) {
  const [userId, status] = [sql.placeholder("userId"), byStatus ? sql.placeholder("status") : undefined];
  const owner = eq(posts.userId, userId);
  return db
    .select({ ...postWithDetails, total: sql`(${postTotal(userId, status)})`.mapWith(Number) })
    .from(posts)
    .where(status ? and(owner, eq(posts.status, status)) : owner)
    .orderBy(...ORDER[sort])
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(`posts_page_${byStatus ? "status" : "all"}_${sort}`);
}

/** The user's posts by status, from the trigger-kept counters (a few rows, no scan of posts). */
export async function countPostsByStatus(userId: string): Promise<PostCounts> {
  const rows = await db
    .select({ status: postCounts.status, count: sql`sum(${postCounts.count})`.mapWith(Number) })
    .from(postCounts)
    .where(eq(postCounts.userId, userId))
    .groupBy(postCounts.status);
  const counts: PostCounts = { draft: 0, scheduled: 0, published: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function listPosts(
  userId: string,
  query: { status?: PostStatus | "all"; page: number; limit: number; sort: ListSort },
): Promise<Omit<PostListResponse, "success">> {
  const status = query.status === "all" ? undefined : query.status;
  const byStatus = status !== undefined;
  const key = `${byStatus}:${query.sort}`;
  const page = pageStatements.get(key) ?? pageStatements.set(key, preparePage(byStatus, query.sort)).get(key)!;
  const rows = await page.execute({ userId, status, limit: query.limit, offset: (query.page - 1) * query.limit });
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (query.page > 1 ? ((await postTotal(userId, status))[0]?.value ?? 0) : 0);
  return {
    posts: await toPostDtos(rows),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** Posts scheduled or published within [start, end] (the calendar). */
export async function listPostsInRange(
  userId: string,
  query: { startDate: string; endDate: string; status?: PostStatus | "all" },
) {
  const start = new Date(query.startDate);
  const end = new Date(query.endDate);
  const inRange = or(
    and(gte(posts.scheduledAt, start), lte(posts.scheduledAt, end)),
    and(gte(posts.publishedAt, start), lte(posts.publishedAt, end)),
  );
  const statusFilter = query.status && query.status !== "all" ? eq(posts.status, query.status) : undefined;
  const rows = await db
    .select(postWithDetails)
    .from(posts)
    .where(and(eq(posts.userId, userId), inRange, statusFilter))
    .orderBy(asc(sql`coalesce(${posts.scheduledAt}, ${posts.publishedAt})`), asc(posts.createdAt), asc(posts.id))
    .limit(1000);
  return toPostDtos(rows);
}
