import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { db, plannedOnceDb, type Database } from "@/db";
import { postCounts, postDocuments, posts, postTargets, workerHeartbeats, type PostTarget } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { parseJsonText, type JsonText } from "@/lib/server/json-text";
import { WORKER_STALE_AFTER_MS } from "@/lib/server/ops/health";
import { isUuid } from "@/lib/ids";
import { isOverdue, postDelay } from "./delay";
import { documentShape, storeDocuments, type BuiltDocument } from "./documents";
import { postJson } from "./post-json";
import { MESSAGES, type PostCounts, type PostDto, type PostListPagination, type PostStatus } from "@/lib/posts/schemas";

/**
 * Reads of a workspace's posts, always scoped by workspace. Postgres writes each post's DTO as JSON text
 * (pages, media and metric totals included), so a page of posts costs one round trip and the web
 * process hands the text on without building, parsing or serialising an object per post: on the
 * list route, the app's hottest read, that mapping was most of the request's CPU.
 */

/**
 * The one order of a post's pages: oldest first, posts before shares, then by page name (pages
 * chosen together share their creation time). The pages' JSON (post-json.ts) spells the same order.
 */
export const targetOrder = [
  asc(postTargets.createdAt),
  asc(postTargets.type),
  asc(postTargets.pageName),
  asc(postTargets.id),
];

type Limit = number | Placeholder;

/** The shape of postJson's documents (documents.ts), written into the statements as a constant. */
const SHAPE = documentShape(postJson);
const DOCUMENT_SHAPE = sql.raw(String(SHAPE));

/**
 * Posts as one row: their DTOs as one JSON array in the given order (passed on as text), the
 * scheduled ones' times (to tell which are overdue), `total` if given (a count the page carries;
 * null for an empty page), and the documents this read had to build (to store them). One row, not
 * one per post, so the web process reads one value however long the page is.
 *
 * The page's posts are chosen first and their JSON taken after: the subquery that orders, skips
 * and limits carries the posts' own columns only, under the table's name, which postJson reads.
 * Written in the same select as the LIMIT, the JSON was built for every post the OFFSET skipped as
 * well (page 401 of 50 built 20,050 posts' JSON, 240 ms; now the page's 50, 8-21 ms). Each post's
 * JSON is its stored document where one of this shape is there, else built (documents.ts).
 */
function selectPosts(
  where: SQL | undefined,
  order: SQL[],
  limit: Limit,
  options: { offset?: Limit; total?: SQL<number>; on?: Database } = {},
) {
  const { offset = 0, total, on = db } = options;
  const chosen = on
    .select({
      ...getTableColumns(posts),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
      total: (total ?? sql<number>`null`).as("total"),
    })
    .from(posts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("posts");
  // The post's document by key, row by row (a lateral join the LIMIT keeps the planner from
  // flattening): as a plain join, a generic plan that takes the page for a tenth of the table hashed
  // every stored document on each request.
  const kept = on
    .select({ gen: postDocuments.gen, shape: postDocuments.shape, json: postDocuments.json })
    .from(postDocuments)
    .where(eq(postDocuments.postId, chosen.id))
    .limit(1)
    .as("kept");
  const stored = sql`case when ${kept.shape} = ${DOCUMENT_SHAPE} then ${kept.json} end`;
  const docs = on
    .select({
      id: chosen.id,
      status: chosen.status,
      scheduledAt: chosen.scheduledAt,
      position: chosen.position,
      total: chosen.total,
      gen: kept.gen,
      built: sql<boolean>`${stored} is null`.as("built"),
      doc: sql<string>`coalesce(${stored}, (${postJson})::text)`.as("doc"),
    })
    .from(chosen)
    .leftJoinLateral(kept, sql`true`)
    // A no-op LIMIT (the page has no more posts) that keeps the planner from flattening this
    // select into the one below, where `doc` is named twice: a built post's JSON was built twice.
    .limit(limit)
    .as("docs");
  return on
    .select({
      json: sql<string>`'[' || coalesce(string_agg(${docs.doc}, ',' order by ${docs.position}), '') || ']'`,
      scheduled: sql<{ id: string; scheduledAt: string }[]>`coalesce(json_agg(json_build_object(
        'id', ${docs.id}, 'scheduledAt', ${docs.scheduledAt}))
        filter (where ${docs.status} = 'scheduled' and ${docs.scheduledAt} is not null), '[]')`,
      total: sql`max(${docs.total})`.mapWith((value) => (value === null ? null : Number(value))),
      built: sql<BuiltDocument[]>`coalesce(json_agg(json_build_object(
        'id', ${docs.id}, 'gen', ${docs.gen}, 'json', ${docs.doc})) filter (where ${docs.built}), '[]')`,
    })
    .from(docs);
}

type PostsRow = { json: string; scheduled: { id: string; scheduledAt: string }[]; built: BuiltDocument[] };

/** Has any worker written its heartbeat lately? (Only asked when a post is overdue.) */
async function isWorkerAlive(now: Date): Promise<boolean> {
  const [beat] = await db
    .select({ workerId: workerHeartbeats.workerId })
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.lastSeenAt, new Date(now.getTime() - WORKER_STALE_AFTER_MS)))
    .limit(1);
  return beat !== undefined;
}

type DelayTarget = Pick<PostTarget, "postId" | "status" | "platform" | "errorCode" | "errorMessage" | "nextAttemptAt">;

/** The publishing state of the pages of the given posts, for their delay reasons. */
async function delayTargets(postIds: string[]): Promise<Map<string, DelayTarget[]>> {
  const rows = await db
    .select({
      postId: postTargets.postId,
      status: postTargets.status,
      platform: postTargets.platform,
      errorCode: postTargets.errorCode,
      errorMessage: postTargets.errorMessage,
      nextAttemptAt: postTargets.nextAttemptAt,
    })
    .from(postTargets)
    .where(inArray(postTargets.postId, postIds))
    .orderBy(...targetOrder);
  const byPost = new Map<string, DelayTarget[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

/**
 * The posts' DTOs as JSON text, with `delayed` filled in for the overdue ones ("no silent
 * failures"). Only with one of those is the text parsed and written again; otherwise it is passed
 * on as Postgres wrote it.
 */
async function withDelays({ json, scheduled }: PostsRow, now: Date = new Date()): Promise<JsonText<PostDto[]>> {
  const overdue = new Set(
    scheduled
      .filter(({ scheduledAt }) => isOverdue({ status: "scheduled", scheduledAt: new Date(scheduledAt) }, now))
      .map(({ id }) => id),
  );
  if (overdue.size === 0) return json as JsonText<PostDto[]>;
  const [workerAlive, targets] = await Promise.all([isWorkerAlive(now), delayTargets([...overdue])]);
  const dtos = parseJsonText(json as JsonText<PostDto[]>).map((dto) => {
    if (!overdue.has(dto.id) || dto.scheduledAt === null) return dto;
    const state = { status: dto.status, scheduledAt: new Date(dto.scheduledAt) };
    return { ...dto, delayed: postDelay(state, targets.get(dto.id) ?? [], now, workerAlive) };
  });
  return JSON.stringify(dtos) as JsonText<PostDto[]>;
}

/** The row's posts as JSON text (withDelays), and the documents the read built stored meanwhile. */
async function postsText(row: PostsRow): Promise<JsonText<PostDto[]>> {
  const [text] = await Promise.all([withDelays(row), storeDocuments(SHAPE, row.built)]);
  return text;
}

export async function getPostOrThrow(workspaceId: string, postId: string): Promise<PostDto> {
  if (!isUuid(postId)) throw notFound(MESSAGES.notFound);
  const [row] = await selectPosts(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)), [asc(posts.id)], 1);
  const [dto] = row ? parseJsonText(await postsText(row)) : [];
  if (!dto) throw notFound(MESSAGES.notFound);
  return dto;
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
 * the app's hottest read, and building its SQL on every call cost more CPU than running it; they
 * run where Postgres plans them once per connection too (plannedOnceDb). Each row carries the total
 * count of the filter (kept by a trigger in post_counts), so one round trip answers the whole request.
 */
const pageStatements = new Map<string, ReturnType<typeof preparePage>>();

/** The number of a workspace's posts (of one status), from the counters a trigger keeps in post_counts. */
function postTotal(workspaceId: string | Placeholder, status: PostStatus | Placeholder | undefined) {
  const owner = eq(postCounts.workspaceId, workspaceId);
  return db
    .select({ value: sql`coalesce(sum(${postCounts.count}), 0)`.mapWith(Number) })
    .from(postCounts)
    .where(status === undefined ? owner : and(owner, eq(postCounts.status, status)));
}

function preparePage(byStatus: boolean, sort: ListSort) {
  const [workspaceId, status] = [sql.placeholder("workspaceId"), byStatus ? sql.placeholder("status") : undefined];
  const owner = eq(posts.workspaceId, workspaceId);
  const where = status ? and(owner, eq(posts.status, status)) : owner;
  const total = sql<number>`(${postTotal(workspaceId, status)})`;
  // On the connections that keep a statement's first plan: each of these has one best plan, an
  // index scan of the workspace's posts in the list's order, whatever the workspace, status and page.
  return selectPosts(where, ORDER[sort], sql.placeholder("limit"), {
    offset: sql.placeholder("offset"),
    total,
    on: plannedOnceDb(),
  }).prepare(`posts_page_${byStatus ? "status" : "all"}_${sort}`);
}

/** The workspace's posts by status, from the trigger-kept counters (a few rows, no scan of posts). */
export async function countPostsByStatus(workspaceId: string): Promise<PostCounts> {
  const rows = await db
    .select({ status: postCounts.status, count: sql`sum(${postCounts.count})`.mapWith(Number) })
    .from(postCounts)
    .where(eq(postCounts.workspaceId, workspaceId))
    .groupBy(postCounts.status);
  const counts: PostCounts = { draft: 0, scheduled: 0, published: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** A page of posts: the posts as JSON text (the route passes it on as it is), and where the page is. */
export interface PostListPage {
  posts: JsonText<PostDto[]>;
  pagination: PostListPagination;
}

export async function listPosts(
  workspaceId: string,
  query: { status?: PostStatus | "all"; page: number; limit: number; sort: ListSort },
): Promise<PostListPage> {
  const status = query.status === "all" ? undefined : query.status;
  const byStatus = status !== undefined;
  const key = `${byStatus}:${query.sort}`;
  const page = pageStatements.get(key) ?? pageStatements.set(key, preparePage(byStatus, query.sort)).get(key)!;
  const [row] = await page.execute({ workspaceId, status, limit: query.limit, offset: (query.page - 1) * query.limit });
  // A page past the end has no post to carry the total.
  const total = row?.total ?? (query.page > 1 ? ((await postTotal(workspaceId, status))[0]?.value ?? 0) : 0);
  return {
    posts: row ? await postsText(row) : ("[]" as JsonText<PostDto[]>),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** Posts scheduled or published within [start, end] (the calendar), as JSON text for the route to pass on. */
export async function listPostsInRange(
  workspaceId: string,
  query: { startDate: string; endDate: string; status?: PostStatus | "all" },
): Promise<JsonText<PostDto[]>> {
  const start = new Date(query.startDate);
  const end = new Date(query.endDate);
  const inRange = or(
    and(gte(posts.scheduledAt, start), lte(posts.scheduledAt, end)),
    and(gte(posts.publishedAt, start), lte(posts.publishedAt, end)),
  );
  const statusFilter = query.status && query.status !== "all" ? eq(posts.status, query.status) : undefined;
  const order = [asc(sql`coalesce(${posts.scheduledAt}, ${posts.publishedAt})`), asc(posts.createdAt), asc(posts.id)];
  const [row] = await selectPosts(and(eq(posts.workspaceId, workspaceId), inRange, statusFilter), order, 1000);
  return row ? postsText(row) : ("[]" as JsonText<PostDto[]>);
}
