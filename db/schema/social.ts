import { boolean, index, integer, jsonb, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";
import { createdAt, timestamptz, updatedAt } from "./columns";

export const socialPlatformEnum = pgEnum("social_platform", [
  "facebook",
  "twitter",
  "linkedin",
  "instagram",
  "tiktok",
  "youtube",
]);
export type SocialPlatform = (typeof socialPlatformEnum.enumValues)[number];

/**
 * A connected publishing account (one per platform login). Tokens are AES-GCM ciphertext produced
 * by the app before insert; plaintext tokens never reach the database.
 */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    platform: socialPlatformEnum("platform").notNull(),
    /** The platform's own id for this user (Facebook user id, X user id, LinkedIn member id). */
    platformAccountId: text("platform_account_id").notNull(),
    accountHandle: text("account_handle"),
    displayName: text("display_name"),
    name: text("name"),
    email: text("email"),
    profilePicture: text("profile_picture"),
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc"),
    /** Null when the platform issued a token without an expiry. */
    tokenExpiresAt: timestamptz("token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scopes: text("scopes").array().notNull().default([]),
    /** Cleared when the platform rejects the token (revoked, password changed); see tokenInvalidReason. */
    hasValidToken: boolean("has_valid_token").notNull().default(true),
    tokenInvalidReason: text("token_invalid_reason"),
    /** Null where the platform does not expose it (LinkedIn members). */
    followerCount: integer("follower_count"),
    postCount: integer("post_count"),
    lastSyncAt: timestamptz("last_sync_at"),
    /** Platform extras shown as-is, e.g. `{ category }`. */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Reconnecting the same platform account updates this row instead of adding a second one.
  (t) => [unique("social_accounts_workspace_platform_account_key").on(t.workspaceId, t.platform, t.platformAccountId)],
);

/**
 * What a post is published to: each Facebook Page, and for X and LinkedIn one row for the profile
 * itself, so every platform has the same publish unit. `workspaceId` is copied from the account so
 * that workspace-scoped reads need no join.
 */
export const socialPages = pgTable(
  "social_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    socialAccountId: uuid("social_account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    platform: socialPlatformEnum("platform").notNull(),
    /** The platform's id for the page (Facebook Page id; the profile id for X and LinkedIn). */
    pageId: text("page_id").notNull(),
    name: text("name").notNull(),
    username: text("username"),
    category: text("category"),
    profilePicture: text("profile_picture"),
    /** Null where the platform does not expose it (a LinkedIn member's followers): 'not available', never 0. */
    followerCount: integer("follower_count"),
    /** Facebook page tasks granted to the user (MANAGE, CREATE_CONTENT, …). */
    permissions: text("permissions").array().notNull().default([]),
    /** Facebook page token (ciphertext); null where the account's own token is used. */
    accessTokenEnc: text("access_token_enc"),
    tokenExpiresAt: timestamptz("token_expires_at"),
    hasValidToken: boolean("has_valid_token").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("social_pages_account_page_key").on(t.socialAccountId, t.pageId),
    index("social_pages_workspace_id_idx").on(t.workspaceId),
  ],
);

/**
 * The OAuth `state` of a connect attempt: single use (usedAt), short-lived (expiresAt), tied to the
 * user who started it. The PKCE verifier (X) is encrypted like any other secret.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace the account is connected into. */
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    platform: socialPlatformEnum("platform").notNull(),
    codeVerifierEnc: text("code_verifier_enc"),
    redirectUri: text("redirect_uri").notNull(),
    /** Why the flow started, e.g. "connect" or "reconnect". */
    intent: text("intent").notNull().default("connect"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("oauth_states_user_id_idx").on(t.userId), index("oauth_states_expires_at_idx").on(t.expiresAt)],
);

/**
 * A connection between the OAuth callback and the user's final choice (Facebook page selection):
 * the platform's tokens stay here, encrypted, and the browser only holds this row's random id.
 * Single use and short-lived like the state.
 */
export const pendingConnections = pgTable(
  "pending_connections",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    platform: socialPlatformEnum("platform").notNull(),
    platformAccountId: text("platform_account_id").notNull(),
    /** What the platform told us about the person: handle, names, e-mail, picture, counts. */
    profile: jsonb("profile").$type<Record<string, unknown>>().notNull().default({}),
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc"),
    tokenExpiresAt: timestamptz("token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scopes: text("scopes").array().notNull().default([]),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("pending_connections_user_id_idx").on(t.userId)],
);

export type PendingConnection = typeof pendingConnections.$inferSelect;
export type SocialAccount = typeof socialAccounts.$inferSelect;
export type NewSocialAccount = typeof socialAccounts.$inferInsert;
export type SocialPage = typeof socialPages.$inferSelect;
export type NewSocialPage = typeof socialPages.$inferInsert;
export type OauthState = typeof oauthStates.$inferSelect;
export type NewOauthState = typeof oauthStates.$inferInsert;
