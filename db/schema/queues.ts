import { boolean, check, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { workspaces } from "./workspaces";
import { updatedAt } from "./columns";
import { socialPages } from "./social";

/**
 * A page's queue settings: its time zone (null: the workspace's) and whether it is paused. A page
 * without a row has the defaults (lib/queue/server/queries.ts), so a queue works before anyone edits it.
 */
export const pageQueues = pgTable("page_queues", {
  pageId: uuid("page_id")
    .primaryKey()
    .references(() => socialPages.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  timeZone: text("time_zone"),
  paused: boolean("paused").notNull().default(false),
  /** False until someone saves the page's slots: its slots are then the defaults (best times). */
  customSlots: boolean("custom_slots").notNull().default(false),
  updatedAt: updatedAt(),
});

/** One posting slot of a page: a weekday (0 = Monday … 6 = Sunday) and a minute of the day, on the queue's wall clock. */
export const queueSlots = pgTable(
  "queue_slots",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => pageQueues.pageId, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    minute: smallint("minute").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.weekday, t.minute] }),
    check("queue_slots_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("queue_slots_minute_check", sql`${t.minute} between 0 and 1439`),
  ],
);

export type PageQueue = typeof pageQueues.$inferSelect;
export type QueueSlotRow = typeof queueSlots.$inferSelect;
