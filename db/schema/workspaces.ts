import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamptz, updatedAt } from "./columns";

export const workspaceRoleEnum = pgEnum("workspace_role", ["owner", "admin", "editor", "contributor", "viewer"]);
export type WorkspaceRole = (typeof workspaceRoleEnum.enumValues)[number];

/**
 * What owns the work: social accounts and pages, posts, media, analytics and the subscription
 * belong to a workspace, and people belong to workspaces through `workspace_members`. AI chats stay
 * personal (chats.user_id). Every user has at least the personal workspace made with their account.
 */
export const workspaces = pgTable("workspaces", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name").notNull(),
  /** IANA zone the workspace's days are counted in (analytics); set by its owner or admins. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** 'Posts need approval': every post is approved before it goes out (contributors' always are). */
  postsNeedApproval: boolean("posts_need_approval").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A person's membership of a workspace and the role it gives them (lib/workspaces/roles.ts). */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: workspaceRoleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  // The switcher's list: a person's workspaces.
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);

/**
 * An invitation by e-mail to join a workspace with a role (lib/workspaces/server/invitations.ts).
 * The link carries a random token; only its SHA-256 is stored. Open: neither accepted nor revoked
 * (pending while also unexpired). A workspace has at most one open invitation per address: a new
 * one replaces it, and resending gives the row a new token and expiry.
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased, as accounts' e-mails are. */
    email: text("email").notNull(),
    role: workspaceRoleEnum("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    /** Who accepted it (the account of `email`). */
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("workspace_invitations_open_email_idx")
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export type Workspace = typeof workspaces.$inferSelect;
export type WorkspaceMember = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitation = typeof workspaceInvitations.$inferSelect;
export type NewWorkspaceInvitation = typeof workspaceInvitations.$inferInsert;
