import { index, integer, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { postTargets } from "./posts";

/** A point-in-time reading of one published target's engagement; the newest is the current figure. */
export const metricSnapshots = pgTable(
  "metric_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postTargetId: uuid("post_target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    capturedAt: timestamptz("captured_at").notNull().defaultNow(),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    reach: integer("reach").notNull().default(0),
    /** The platform's answer as received, for figures we do not model yet. */
    raw: jsonb("raw").$type<Record<string, unknown>>(),
  },
  // Latest snapshot per target (DISTINCT ON / ORDER BY captured_at DESC).
  (t) => [index("metric_snapshots_target_captured_idx").on(t.postTargetId, t.capturedAt.desc().nullsFirst())],
);

export type MetricSnapshot = typeof metricSnapshots.$inferSelect;
export type NewMetricSnapshot = typeof metricSnapshots.$inferInsert;
