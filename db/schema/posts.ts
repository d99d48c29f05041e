import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";
import { chats } from "./chats";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { media } from "./media";
import { socialPages, socialPlatformEnum } from "./social";

export const postStatusEnum = pgEnum("post_status", ["draft", "scheduled", "published", "failed"]);
export type PostStatus = (typeof postStatusEnum.enumValues)[number];

/**
 * Where a post stands in review (null: never submitted). A post waits for its time as `scheduled`
 * whatever this says; the claim sends only an approved post whose content is the approved one
 * (docs/decisions/0060-approvals-bound-to-a-version.md).
 */
export const postApprovalStateEnum = pgEnum("post_approval_state", ["in_review", "changes_requested", "approved"]);
export type PostApprovalState = (typeof postApprovalStateEnum.enumValues)[number];

export const postTargetTypeEnum = pgEnum("post_target_type", ["post", "share"]);
export type PostTargetType = (typeof postTargetTypeEnum.enumValues)[number];

/** `needs_check`: the outcome of an uncertain attempt could not be decided; the owner says whether it went out. */
export const postTargetStatusEnum = pgEnum("post_target_status", [
  "pending",
  "publishing",
  "published",
  "failed",
  "needs_check",
]);
export type PostTargetStatus = (typeof postTargetStatusEnum.enumValues)[number];

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who wrote the post; null once their account is deleted (the post stays the workspace's). */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title"),
    content: text("content").notNull().default(""),
    status: postStatusEnum("status").notNull().default("draft"),
    /** The message of the "share" targets (a post shared to other pages); null for none. */
    shareContent: text("share_content"),
    useAIShareMessage: boolean("use_ai_share_message").notNull().default(false),
    summarizeForTwitter: boolean("summarize_for_twitter").notNull().default(false),
    scheduledAt: timestamptz("scheduled_at"),
    publishedAt: timestamptz("published_at"),
    // Circular with chats.postId, hence the annotated callback.
    chatId: uuid("chat_id").references((): AnyPgColumn => chats.id, { onDelete: "set null" }),
    /** Bumped on every (re)schedule; a queued job carrying an older version is stale and does nothing. */
    scheduleVersion: integer("schedule_version").notNull().default(0),
    failureReason: text("failure_reason"),
    approvalState: postApprovalStateEnum("approval_state"),
    /**
     * The page whose queue gave the post its time (lib/queue); null for a post with a time of its
     * own. Such a post is held while that queue is paused and moves between the queue's slots.
     */
    queuePageId: uuid("queue_page_id").references(() => socialPages.id, { onDelete: "set null" }),
    /** While its queue is paused: the slot the post had, its place when the queue resumes (the post is a draft meanwhile). */
    queueHeldSlot: timestamptz("queue_held_slot"),
    /** Sums of the pages' current figures (target_metrics), kept by the metrics sync; 0 until published. */
    viewsTotal: integer("views_total").notNull().default(0),
    likesTotal: integer("likes_total").notNull().default(0),
    commentsTotal: integer("comments_total").notNull().default(0),
    sharesTotal: integer("shares_total").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // DESC NULLS FIRST is what a plain `ORDER BY x DESC` means; drizzle's bare .desc() emits NULLS
    // LAST, which Postgres cannot use for that ORDER BY (it would sort instead).
    // Post list: all of a user's posts, newest first.
    index("posts_workspace_created_idx").on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    // Post list filtered by status, newest first.
    index("posts_workspace_status_created_idx").on(t.workspaceId, t.status, t.createdAt.desc().nullsFirst()),
    // Scheduler calendar: a user's posts in a date range.
    index("posts_workspace_scheduled_idx").on(t.workspaceId, t.scheduledAt),
    // Post list sorted by views or likes: an index scan, ties by date then id.
    index("posts_workspace_views_idx").on(
      t.workspaceId,
      t.viewsTotal.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("posts_workspace_likes_idx").on(
      t.workspaceId,
      t.likesTotal.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Dispatcher / recovery: scheduled posts that are due, across all users. Partial, so it stays small.
    // With the id, so the dispatcher's claims go on from the last post they took (statements.ts).
    index("posts_scheduled_due_idx")
      .on(t.scheduledAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    // A page's queue: its posts, to hold, resume and move them. Partial: most posts have a time of their own.
    index("posts_queue_page_idx")
      .on(t.queuePageId)
      .where(sql`${t.queuePageId} is not null`),
    // The dispatcher's look for posts whose time came while still waiting for approval: a handful of rows.
    index("posts_awaiting_approval_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled' and ${t.approvalState} in ('in_review', 'changes_requested')`),
  ],
);

/**
 * One row per page a post goes to (and per type: the post itself, or a share of it): the per-page
 * publishing state machine pending → publishing → published | failed. The page name is copied so
 * history survives a disconnected page (pageId then becomes null).
 *
 * Its indexes name only columns that never change after the row is made (id, post, page, type), and
 * its pages are filled to 80% (fillfactor, set in migration 0016): so the publish path's writes
 * (claimed, text recorded, published) are HOT updates, adding no index entries. Add no index on a
 * column those writes change (status, the times, the texts) without measuring publish-lag.
 */
export const postTargets = pgTable(
  "post_targets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    pageId: uuid("page_id").references(() => socialPages.id, { onDelete: "set null" }),
    type: postTargetTypeEnum("type").notNull().default("post"),
    platform: socialPlatformEnum("platform").notNull(),
    pageName: text("page_name").notNull(),
    status: postTargetStatusEnum("status").notNull().default("pending"),
    platformPostId: text("platform_post_id"),
    platformPostUrl: text("platform_post_url"),
    /** Our error kind (expired_token, rate_limited, duplicate, permission, transient, …). */
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * Exactly what the last attempt handed to the platform, and when: written just before the
     * request, so a page whose outcome is uncertain is looked up by the text it really sent, even
     * after the post was edited or rescheduled.
     */
    sentText: text("sent_text"),
    sentAt: timestamptz("sent_at"),
    /**
     * The platform's id for what it already accepted as this page's post but has not finished (a
     * Facebook video still processing): written as soon as the platform answers, before waiting. A
     * later attempt follows this id instead of sending anything again.
     */
    acceptedMediaId: text("accepted_media_id"),
    /** When the current attempt claimed the row; a stale value means a crashed worker. */
    publishingStartedAt: timestamptz("publishing_started_at"),
    /**
     * The worker holding the claim (its `worker_heartbeats` id), null for a process without a
     * heartbeat: a claim whose worker's heartbeat has stopped is taken over before it goes stale.
     */
    claimedBy: text("claimed_by"),
    publishedAt: timestamptz("published_at"),
    nextAttemptAt: timestamptz("next_attempt_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("post_targets_post_page_type_key").on(t.postId, t.pageId, t.type),
    index("post_targets_page_id_idx").on(t.pageId),
  ],
);

/** The ordered media of a post. */
export const postMedia = pgTable(
  "post_media",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), index("post_media_media_id_idx").on(t.mediaId)],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostTarget = typeof postTargets.$inferSelect;
export type NewPostTarget = typeof postTargets.$inferInsert;
export type PostMedia = typeof postMedia.$inferSelect;
export type NewPostMedia = typeof postMedia.$inferInsert;

/**
 * Exact number of posts per user and status, kept by a trigger on `posts` (migrations 0003 and
 * 0012): the post list's total is a lookup instead of a count over every row. The count is spread
 * over up to COUNTER_SLOTS rows (`slot`, chosen by the writing transaction's id) and read as their
 * sum, so concurrent publishes for one user do not queue on one row until each other's commit.
 * A slot's count may be negative; only the sum is meaningful.
 */
export const postCounts = pgTable(
  "post_counts",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: postStatusEnum("status").notNull(),
    slot: smallint("slot").notNull().default(0),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.status, t.slot] })],
);

/**
 * Each post's list DTO as Postgres wrote it (lib/posts/server/documents.ts), kept so that a read
 * passes the text on instead of building it again. Not a source of truth: triggers (migration
 * 0018) clear a post's `json` and bump `gen` whenever the post, its pages, their figures or its
 * media change, and a reader stores what it built only if `gen` is still the one it read. `shape`
 * names the SQL that wrote `json`: a document of another shape is built again. No foreign key: a
 * trigger on `posts` deletes a deleted post's row, and a writer racing that delete must not fail.
 */
export const postDocuments = pgTable("post_documents", {
  postId: uuid("post_id").primaryKey(),
  gen: bigint("gen", { mode: "number" }).notNull().default(0),
  shape: integer("shape"),
  json: text("json"),
  // The transaction that last bumped `gen` (pg_current_xact_id()): one transaction bumps a post once.
  bumpedXact: bigint("bumped_xact", { mode: "number" }),
});

export type PostDocument = typeof postDocuments.$inferSelect;
