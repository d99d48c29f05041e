import { index, integer, pgEnum, pgTable, primaryKey, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamptz } from "./columns";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

export const approvalDecisionEnum = pgEnum("approval_decision", ["approved", "changes_requested"]);
export type ApprovalDecision = (typeof approvalDecisionEnum.enumValues)[number];

/**
 * Every decision on a post, bound to the version decided on: `content_hash` is
 * post_content_hash() (db/functions/post_content_hash.sql) of the post as it was. The post's latest
 * decision is the one that counts. `decided_by` is the member who decided; an outsider (a client
 * signing off through a review link) leaves it null and gives a name and an address.
 */
export const postApprovals = pgTable(
  "post_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    contentHash: text("content_hash").notNull(),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    reviewerName: text("reviewer_name"),
    reviewerEmail: text("reviewer_email"),
    /** The review link an outsider decided through. */
    reviewLinkId: uuid("review_link_id").references((): AnyPgColumn => reviewLinks.id, { onDelete: "set null" }),
    decision: approvalDecisionEnum("decision").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  // A post's decisions, latest first (the gate reads the latest).
  (t) => [index("post_approvals_post_created_idx").on(t.postId, t.createdAt.desc().nullsFirst())],
);

export type PostApproval = typeof postApprovals.$inferSelect;
export type NewPostApproval = typeof postApprovals.$inferInsert;

/** What a person is told in the app (the bell), one row per person and event. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** lib/notifications/schemas.ts NOTIFICATION_KINDS. */
    kind: text("kind").notNull(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
    readAt: timestamptz("read_at"),
  },
  // The bell: a person's newest first.
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * A link that lets someone outside the workspace (a client) review a set of its posts without an
 * account (lib/approvals/server/review-links.ts). The link's URL is the row's id signed with
 * AUTH_SECRET over its expiry; nothing secret is stored here. Revoking sets `revoked_at`.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who it was sent to: the decision form starts with these, the reviewer may correct them. */
    recipientName: text("recipient_name"),
    recipientEmail: text("recipient_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
  },
  // Settings' list: the workspace's newest first.
  (t) => [index("review_links_workspace_created_idx").on(t.workspaceId, t.createdAt.desc().nullsFirst())],
);

export type ReviewLink = typeof reviewLinks.$inferSelect;

/** The posts a review link shows; a deleted post leaves every link it was in. */
export const reviewLinkPosts = pgTable(
  "review_link_posts",
  {
    linkId: uuid("link_id")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The order the posts were chosen in, which the page keeps. */
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.postId] }), index("review_link_posts_post_idx").on(t.postId)],
);
