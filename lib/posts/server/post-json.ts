import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { media, postMedia, posts, postTargets, targetMetrics } from "@/db/schema";

/**
 * A post as the list shows it (spec 'Post'), written by Postgres as JSON, and the one list of the
 * columns it reads. The JSON below reads each table only through `documentColumns`, and the
 * triggers that clear a post's stored document (db/functions/post_documents_on_*.sql) are
 * generated from the same list (document-triggers.ts, `npm run db:functions`): a column the JSON
 * shows is a column a change of clears the document. tests/unit/post-documents-columns.test.ts
 * fails when the JSON reads a column the list lacks, or the files differ from the list.
 */

/** Every column of each table that a post's JSON reads, by table (SQL name). */
export const documentColumns = {
  posts: {
    id: posts.id,
    title: posts.title,
    content: posts.content,
    status: posts.status,
    shareContent: posts.shareContent,
    useAIShareMessage: posts.useAIShareMessage,
    summarizeForTwitter: posts.summarizeForTwitter,
    scheduledAt: posts.scheduledAt,
    publishedAt: posts.publishedAt,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    chatId: posts.chatId,
    failureReason: posts.failureReason,
    approvalState: posts.approvalState,
  },
  post_targets: {
    id: postTargets.id,
    postId: postTargets.postId,
    type: postTargets.type,
    pageId: postTargets.pageId,
    platform: postTargets.platform,
    pageName: postTargets.pageName,
    status: postTargets.status,
    publishedAt: postTargets.publishedAt,
    platformPostUrl: postTargets.platformPostUrl,
    errorMessage: postTargets.errorMessage,
    createdAt: postTargets.createdAt,
  },
  target_metrics: {
    postTargetId: targetMetrics.postTargetId,
    postId: targetMetrics.postId,
    platform: targetMetrics.platform,
    views: targetMetrics.views,
    likes: targetMetrics.likes,
    comments: targetMetrics.comments,
    shares: targetMetrics.shares,
    removedAt: targetMetrics.removedAt,
  },
  post_media: {
    postId: postMedia.postId,
    mediaId: postMedia.mediaId,
    position: postMedia.position,
  },
  media: {
    id: media.id,
    filename: media.filename,
    originalFilename: media.originalFilename,
    thumbnailKey: media.thumbnailKey,
    type: media.type,
    mimeType: media.mimeType,
    size: media.size,
    width: media.width,
    height: media.height,
    createdAt: media.createdAt,
  },
} as const satisfies Record<string, Record<string, AnyPgColumn>>;

export type DocumentTable = keyof typeof documentColumns;

/** The alias each table has in the JSON's SQL (the outer post is the table itself, `"posts"`). */
export const documentAliases = {
  posts: '"posts"',
  post_targets: "t",
  target_metrics: "tm",
  post_media: "pm",
  media: "m",
};

/** A table's listed columns as `alias."column"`, the only way the JSON below reads a table. */
function read<T extends DocumentTable>(table: T): { [K in keyof (typeof documentColumns)[T]]: SQL } {
  const alias = sql.raw(documentAliases[table]);
  const columns: Record<string, AnyPgColumn> = documentColumns[table];
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${alias}.${sql.identifier(column.name)}`]),
  ) as { [K in keyof (typeof documentColumns)[T]]: SQL };
}

// In a select list drizzle writes a column of a single-table query unqualified ("id"), which inside
// the subqueries below would name the subquery's own column; the outer post's are qualified.
const p = read("posts");
const t = read("post_targets");
const tm = read("target_metrics");
const pm = read("post_media");
const m = read("media");

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, truncated as pg's Date is). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The post's media in order, each as the media library's `toMediaItem` writes it (lib/media/server/
 * dto.ts; a test holds the two equal). Stored names are `<uuid>.<extension>` (filenames.ts), which
 * `encodeURIComponent` leaves as they are, so the URL is a plain concatenation.
 */
const mediaJson = sql`(
  select coalesce(json_agg(json_build_object(
    'id', ${m.id}, 'filename', ${m.filename}, 'originalFilename', ${m.originalFilename},
    'url', '/api/media/files/' || ${m.filename},
    'thumbnail', case when ${m.thumbnailKey} is not null then '/api/media/files/' || ${m.filename} || '/thumbnail' end,
    'type', ${m.type}, 'mimeType', ${m.mimeType}, 'size', ${m.size}, 'width', ${m.width}, 'height', ${m.height},
    'createdAt', ${iso(m.createdAt)}
  ) order by ${pm.position}), '[]'::json)
  from ${postMedia} pm join ${media} m on ${m.id} = ${pm.mediaId} where ${pm.postId} = ${p.id})`;

/**
 * Each platform's current figures of the post's published pages (the metrics sync's target_metrics
 * rows), with its engagement rate: likes + comments + shares over views, 0 without views. Views no
 * page of the platform has (the platform does not give them, e.g. a Facebook Page that declined
 * read_insights) are null, and so is the rate: unknown, not 0 (SQL's sum of nulls is null).
 */
const byPlatformJson = sql`(
  select json_object_agg(x.platform, json_build_object(
    'views', x.views, 'likes', x.likes, 'comments', x.comments, 'shares', x.shares,
    'engagement_rate', case when x.views is null then null
      when x.views > 0 then (x.likes + x.comments + x.shares)::float8 / x.views else 0 end))
  from (
    select ${tm.platform} as platform, sum(${tm.views}) as views, sum(${tm.likes}) as likes,
      sum(${tm.comments}) as comments, sum(${tm.shares}) as shares
    from ${targetMetrics} tm where ${tm.postId} = ${p.id} group by ${tm.platform}
  ) x)`;

/**
 * Spec 'Post' as JSON, built in one pass over the post's pages (a post with none still gives its
 * row: the pages are left-joined to a single row). `delayed` is null here: whether a post is overdue
 * depends on the time of the request and on the workers, and is filled in for the rare overdue post
 * (queries.ts, withDelays). `pages` is in the pages' one order (queries.ts, targetOrder), each with
 * `removedAt` from the metrics sync; `platform` is the pages' platform when they are all on one,
 * null for none or several; `metrics` sums the published pages' current figures, null while none
 * has any (the per-platform figures are only looked up for a post that has some: most posts on a
 * page of the list are not published). The outer post is `"posts"`: the caller selects from it.
 */
export const postJson = sql<unknown>`(
  select json_build_object(
    '_id', ${p.id}, 'id', ${p.id}, 'title', ${p.title}, 'content', ${p.content},
    'status', ${p.status},
    'platform', case when count(distinct ${t.platform}) = 1 then min(${t.platform}::text) end,
    'pages', coalesce(json_agg(json_build_object(
      'type', ${t.type}, 'pageId', ${t.pageId}, 'platform', ${t.platform}, 'pageName', ${t.pageName},
      'status', ${t.status}, 'publishedAt', ${iso(t.publishedAt)}, 'platformPostUrl', ${t.platformPostUrl},
      'error', case when ${t.errorMessage} <> '' then json_build_object('message', ${t.errorMessage}) end,
      'removedAt', ${iso(tm.removedAt)}
    ) order by ${t.createdAt}, ${t.type}, ${t.pageName}, ${t.id}) filter (where ${t.id} is not null), '[]'::json),
    'media', ${mediaJson},
    'shareContent', ${p.shareContent}, 'useAIShareMessage', ${p.useAIShareMessage},
    'summarizeForTwitter', ${p.summarizeForTwitter},
    'scheduledAt', ${iso(p.scheduledAt)}, 'publishedAt', ${iso(p.publishedAt)},
    'createdAt', ${iso(p.createdAt)}, 'updatedAt', ${iso(p.updatedAt)},
    'chatHistoryId', ${p.chatId}, 'failureReason', ${p.failureReason},
    'approvalState', ${p.approvalState},
    'delayed', null,
    'metrics', case when count(${tm.postTargetId}) > 0 then json_build_object(
      'views_sum', sum(${tm.views}), 'views_unavailable', count(${tm.postTargetId}) filter (where ${tm.views} is null),
      'likes_sum', sum(${tm.likes}), 'comments_sum', sum(${tm.comments}),
      'shares_sum', sum(${tm.shares}), 'byPlatform', ${byPlatformJson}) end
  )
  from (values (1)) as one
  left join ${postTargets} t on ${t.postId} = ${p.id}
  left join ${targetMetrics} tm on ${tm.postTargetId} = ${t.id}
)`;
