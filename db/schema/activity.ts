import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamptz } from "./columns";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

/**
 * The workspace's history: who did what, when (lib/activity/server/record.ts writes it in the
 * transaction of the change it records). Append-only; pruned after ACTIVITY_RETENTION_DAYS.
 *
 * `post_id` has no foreign key: a deleted post keeps its history (its `post_deleted` event among
 * it), and `subject` keeps the post's title as it was. `actor_label` is the actor's name at the
 * time (or 'Postloom' for the worker), so the history reads the same after a rename or a deleted
 * account (`actor_id` then becomes null). `kind` is text checked by lib/activity/schemas.ts, so
 * a new kind needs no migration.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    kind: text("kind").notNull(),
    postId: uuid("post_id"),
    subject: text("subject").notNull().default(""),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The Activity tab: newest first, and filtered by person or by post (cursor: created_at, id).
    index("activity_events_workspace_created_idx").on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("activity_events_workspace_actor_created_idx").on(
      t.workspaceId,
      t.actorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("activity_events_workspace_post_created_idx").on(
      t.workspaceId,
      t.postId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The prune (oldest first, across workspaces).
    index("activity_events_created_idx").on(t.createdAt),
  ],
);

/** A comment on a post by a member. Deleted with the post; `deleted_at` hides a comment its author removed. */
export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null once the author's account is deleted (the comment stays, shown as a former member's). */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote it when they have no account here: an outside reviewer's name and address (review links). */
    authorLabel: text("author_label"),
    /** The text with mentions as `@[Name](userId)` tokens (lib/activity/mentions.ts). */
    body: text("body").notNull(),
    /** The users the body mentioned who were members when it was written (they were e-mailed). */
    mentionedIds: text("mentioned_ids").array().notNull().default([]),
    createdAt: createdAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  // A post's thread, oldest first.
  (t) => [index("post_comments_post_created_idx").on(t.postId, t.createdAt)],
);

export type ActivityEvent = typeof activityEvents.$inferSelect;
export type NewActivityEvent = typeof activityEvents.$inferInsert;
export type PostComment = typeof postComments.$inferSelect;
export type NewPostComment = typeof postComments.$inferInsert;
