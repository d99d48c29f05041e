import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { postTargets } from "./posts";
import { socialPlatformEnum } from "./social";

/**
 * Engagement storage. `metric_snapshots` is the time series (every reading the sync
 * took); `target_metrics` holds each published page's current figures and its sync schedule;
 * `posts.*_total` the post's sums (kept by the sync, so the list sorts by an index);
 * `metric_daily` the growth per user, platform and local day (the user's time zone) for charts.
 */

/** A point-in-time reading of one published target's engagement; the newest is the current figure. */
export const metricSnapshots = pgTable(
  "metric_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postTargetId: uuid("post_target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    capturedAt: timestamptz("captured_at").notNull().defaultNow(),
    /** null: the platform does not give this figure (unavailable, not 0). */
    views: integer("views").default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    reach: integer("reach").default(0),
    /** The platform's answer as received, for figures we do not model yet. */
    raw: jsonb("raw").$type<Record<string, unknown>>(),
  },
  // Latest snapshot per target (DISTINCT ON / ORDER BY captured_at DESC).
  (t) => [index("metric_snapshots_target_captured_idx").on(t.postTargetId, t.capturedAt.desc().nullsFirst())],
);

/**
 * One row per published target (made by a trigger when a target becomes published, migration
 * 0006): its current figures and when the sync reads it next. `next_sync_at` null: no more syncs
 * (older than 90 days, or removed on the platform).
 */
export const targetMetrics = pgTable(
  "target_metrics",
  {
    postTargetId: uuid("post_target_id")
      .primaryKey()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    // The post's workspace and the post, copied from the page's post by the trigger that makes the row.
    // Not foreign keys: the row goes with its page (above), which goes with its post and its
    // owner, and each key checked cost a locking lookup per published page (migration 0014).
    workspaceId: text("workspace_id").notNull(),
    postId: uuid("post_id").notNull(),
    platform: socialPlatformEnum("platform").notNull(),
    publishedAt: timestamptz("published_at").notNull(),
    /** null: the platform does not give this figure (unavailable, not 0). */
    views: integer("views").default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    reach: integer("reach").default(0),
    /** When the current figures were read; null before the first sync. */
    capturedAt: timestamptz("captured_at"),
    nextSyncAt: timestamptz("next_sync_at"),
    /** The post was deleted on the platform; its last figures are kept. */
    removedAt: timestamptz("removed_at"),
    /** The last sync failure, for people reading the table (cleared by a success). */
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The sync's due list, across all users. Partial: finished targets drop out of it.
    index("target_metrics_due_idx")
      .on(t.nextSyncAt)
      .where(sql`${t.nextSyncAt} is not null`),
    // Analytics: a user's published pages by publish time (post counts, top posts, best times).
    index("target_metrics_workspace_published_idx").on(t.workspaceId, t.publishedAt),
    index("target_metrics_post_idx").on(t.postId),
  ],
);

/**
 * Engagement gained per user, platform and local day (in the user's time zone): the sum of the
 * increases between consecutive readings, dated by when they were read. Rebuilt from the
 * snapshots when the user's time zone changes.
 */
export const metricDaily = pgTable(
  "metric_daily",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    platform: socialPlatformEnum("platform").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    reach: integer("reach").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform] })],
);

/**
 * A counter per workspace that changes with every committed write an analytics answer depends on
 * (metric_daily, target_metrics' figures and publish state, posts' totals, content and deletion,
 * workspaces.time_zone). Kept by deferred database triggers (migration 0010), so every writer bumps it
 * (the sync, publishing, deletes, Settings) and it changes at commit, in the same transaction as
 * the data. The analytics answer cache (lib/analytics/server/cache.ts) keys on it.
 */
export const analyticsVersions = pgTable(
  "analytics_versions",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /**
     * The version is spread over slots (chosen by the writing transaction's id, migration 0012) and
     * read as their sum, which grows with every bump: concurrent publishes for one user bump
     * different rows instead of waiting on one.
     */
    slot: smallint("slot").notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    /** The transaction that last bumped it: one bump per transaction, however many rows it wrote. */
    bumpedXact: bigint("bumped_xact", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.slot] })],
);

export type MetricSnapshot = typeof metricSnapshots.$inferSelect;
export type NewMetricSnapshot = typeof metricSnapshots.$inferInsert;
export type TargetMetric = typeof targetMetrics.$inferSelect;
export type MetricDay = typeof metricDaily.$inferSelect;
