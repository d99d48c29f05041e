import { and, asc, desc, eq, gte, lte, or, sql, sum, type SQL } from "drizzle-orm";
import { db } from "@/db";
import {
  media,
  metricSnapshots,
  postCounts,
  postMedia,
  posts,
  postTargets,
  workerHeartbeats,
  type Post,
} from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { toMediaItem } from "@/lib/media/dto";
import { WORKER_STALE_AFTER_MS } from "@/lib/ops/health";
import { isUuid } from "@/lib/social/queries";
import type { SocialPlatform } from "@/lib/social/schemas";
import { isOverdue, postDelay } from "./delay";
import { MESSAGES, type PlatformMetrics, type PostDto, type PostPageEntry, type PostStatus } from "./schemas";

/** Reads of a user's posts, always scoped by owner; a page of posts costs four queries. */

type Metrics = { views: number; likes: number; comments: number; shares: number };

/**
 * The details of a page of posts, by three prepared statements over one array parameter: a list
 * request is the app's hottest read, and building these statements' SQL on every call cost more CPU
 * than running them.
 */
const ids = sql.placeholder("ids");
const targetsOfPosts = db
  .select()
  .from(postTargets)
  .where(sql`${postTargets.postId} = any(${ids}::uuid[])`)
  .orderBy(asc(postTargets.createdAt), asc(postTargets.type), asc(postTargets.id))
  .prepare("post_targets_of_posts");
const mediaOfPosts = db
  .select({ postId: postMedia.postId, position: postMedia.position, item: media })
  .from(postMedia)
  .innerJoin(media, eq(media.id, postMedia.mediaId))
  .where(sql`${postMedia.postId} = any(${ids}::uuid[])`)
  .orderBy(asc(postMedia.position))
  .prepare("post_media_of_posts");
// The latest snapshot of each target: metrics are cumulative counters.
const latestMetricsOfPosts = db
  .selectDistinctOn([metricSnapshots.postTargetId], {
    targetId: metricSnapshots.postTargetId,
    views: metricSnapshots.views,
    likes: metricSnapshots.likes,
    comments: metricSnapshots.comments,
    shares: metricSnapshots.shares,
  })
  .from(metricSnapshots)
  .innerJoin(postTargets, eq(postTargets.id, metricSnapshots.postTargetId))
  .where(sql`${postTargets.postId} = any(${ids}::uuid[])`)
  .orderBy(metricSnapshots.postTargetId, desc(metricSnapshots.capturedAt))
  .prepare("latest_metrics_of_posts");

async function loadDetails(postIds: string[]) {
  if (postIds.length === 0) return { targets: [], mediaRows: [], metrics: new Map<string, Metrics>() };
  const [targets, mediaRows, latest] = await Promise.all([
    targetsOfPosts.execute({ ids: postIds }),
    mediaOfPosts.execute({ ids: postIds }),
    latestMetricsOfPosts.execute({ ids: postIds }),
  ]);
  return { targets, mediaRows, metrics: new Map(latest.map((row) => [row.targetId, row])) };
}

/** Has any worker written its heartbeat lately? (Only asked when a post is overdue.) */
async function isWorkerAlive(now: Date): Promise<boolean> {
  const [beat] = await db
    .select({ workerId: workerHeartbeats.workerId })
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.lastSeenAt, new Date(now.getTime() - WORKER_STALE_AFTER_MS)))
    .limit(1);
  return beat !== undefined;
}

interface DtoContext {
  details: Awaited<ReturnType<typeof loadDetails>>;
  now: Date;
  workerAlive: boolean;
}

function toDto(post: Post, { details, now, workerAlive }: DtoContext): PostDto {
  const targets = details.targets.filter((target) => target.postId === post.id);
  const totals = { views_sum: 0, likes_sum: 0, comments_sum: 0, shares_sum: 0 };
  const byPlatform: Partial<Record<SocialPlatform, PlatformMetrics>> = {};
  for (const target of targets) {
    const m = details.metrics.get(target.id);
    if (!m) continue;
    totals.views_sum += m.views;
    totals.likes_sum += m.likes;
    totals.comments_sum += m.comments;
    totals.shares_sum += m.shares;
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
    media: details.mediaRows.filter((row) => row.postId === post.id).map((row) => toMediaItem(row.item)),
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
    metrics: { ...totals, byPlatform },
  };
}

export async function toPostDtos(rows: Post[], now: Date = new Date()): Promise<PostDto[]> {
  const overdue = rows.some((row) => isOverdue(row, now));
  const [details, workerAlive] = await Promise.all([
    loadDetails(rows.map((row) => row.id)),
    overdue ? isWorkerAlive(now) : Promise.resolve(true),
  ]);
  return rows.map((row) => toDto(row, { details, now, workerAlive }));
}

export async function getPostOrThrow(userId: string, postId: string): Promise<PostDto> {
  const [row] = isUuid(postId)
    ? await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    : [];
  if (!row) throw notFound(MESSAGES.notFound);
  const [dto] = await toPostDtos([row]);
  return dto!;
}

/** Sum of the latest snapshot of each of a post's targets, for sorting by views or likes. */
const latestMetric = (column: "views" | "likes") => sql<number>`coalesce((
  select sum(latest.${sql.raw(column)}) from (
    select distinct on (ms.post_target_id) ms.${sql.raw(column)}
    from ${metricSnapshots} ms join ${postTargets} pt on pt.id = ms.post_target_id
    where pt.post_id = ${posts.id}
    order by ms.post_target_id, ms.captured_at desc
  ) latest), 0)`;

const ORDER: Record<"date" | "views" | "likes" | "status", SQL[]> = {
  date: [desc(posts.createdAt), desc(posts.id)],
  views: [desc(latestMetric("views")), desc(posts.createdAt)],
  likes: [desc(latestMetric("likes")), desc(posts.createdAt)],
  status: [asc(posts.status), desc(posts.createdAt)],
};

type ListSort = keyof typeof ORDER;

/** One prepared statement per filter and sort (ten in all), made on first use. */
const pageStatements = new Map<string, ReturnType<typeof preparePage>>();
const countStatements = new Map<string, ReturnType<typeof prepareCount>>();

function preparePage(byStatus: boolean, sort: ListSort) {
  const owner = eq(posts.userId, sql.placeholder("userId"));
  return db
    .select()
    .from(posts)
    .where(byStatus ? and(owner, sql`${posts.status} = ${sql.placeholder("status")}`) : owner)
    .orderBy(...ORDER[sort])
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(`posts_page_${byStatus ? "status" : "all"}_${sort}`);
}

function prepareCount(byStatus: boolean) {
  const owner = eq(postCounts.userId, sql.placeholder("userId"));
  return db
    .select({ value: sum(postCounts.count).mapWith(Number) })
    .from(postCounts)
    .where(byStatus ? and(owner, sql`${postCounts.status} = ${sql.placeholder("status")}`) : owner)
    .prepare(`posts_count_${byStatus ? "status" : "all"}`);
}

export async function listPosts(userId: string, query: { status?: PostStatus | "all"; page: number; limit: number; sort: ListSort }) {
  const byStatus = Boolean(query.status && query.status !== "all");
  const pageKey = `${byStatus}:${query.sort}`;
  const page = pageStatements.get(pageKey) ?? pageStatements.set(pageKey, preparePage(byStatus, query.sort)).get(pageKey)!;
  const count = countStatements.get(String(byStatus)) ?? countStatements.set(String(byStatus), prepareCount(byStatus)).get(String(byStatus))!;
  const params = { userId, status: query.status, limit: query.limit, offset: (query.page - 1) * query.limit };
  const [rows, [total]] = await Promise.all([page.execute(params), count.execute(params)]);
  const totalCount = total?.value ?? 0;
  return {
    posts: await toPostDtos(rows),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: totalCount,
      totalPages: Math.ceil(totalCount / query.limit),
    },
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
    .select()
    .from(posts)
    .where(and(eq(posts.userId, userId), inRange, statusFilter))
    .orderBy(asc(sql`coalesce(${posts.scheduledAt}, ${posts.publishedAt})`))
    .limit(1000);
  return toPostDtos(rows);
}
