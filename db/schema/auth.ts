import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { AdapterAccountType } from "next-auth/adapters";
import { createdAt, timestamptz, updatedAt } from "./columns";

/**
 * next-auth's tables, shaped for @auth/drizzle-adapter's Postgres adapter: the adapter addresses
 * columns by their TS property names (`emailVerified`, `providerAccountId`, `refresh_token`, …), so
 * those must not be renamed; the SQL names are ours (snake_case).
 */

export const users = pgTable("users", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  // Stored lower-cased by the auth service; the unique constraint backs `ON CONFLICT (email)`.
  email: text("email").notNull().unique(),
  emailVerified: timestamptz("email_verified"),
  image: text("image"),
  /** argon2 hash; null for users who only ever signed in with Google or Facebook. */
  passwordHash: text("password_hash"),
  /** IANA zone the user's days are counted in (analytics); from the browser or Settings. */
  timeZone: text("time_zone").notNull().default("UTC"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** OAuth sign-in links (Google/Facebook login), written by the adapter. Not the publishing accounts. */
export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<AdapterAccountType>().notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("accounts_user_id_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    sessionToken: text("session_token").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires: timestamptz("expires").notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamptz("expires").notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/**
 * Our sessions: next-auth's JWT carries the row's id (`sid`), and every request checks the row is not
 * revoked (lib/auth/server/revocation.ts), so logout, a password change or reset and 'Sign out
 * everywhere' end a session on the server. (next-auth's `sessions` table above is for its database
 * strategy, which JWT sessions do not use.)
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The JWT's own expiry, moved on by a refresh; expired rows are deleted at the user's next sign-in. */
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("user_sessions_user_id_idx").on(t.userId)],
);

/** One-use password reset links: only a SHA-256 of the token is stored, so a database leak opens nothing. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type UserSession = typeof userSessions.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type VerificationToken = typeof verificationTokens.$inferSelect;
export type NewVerificationToken = typeof verificationTokens.$inferInsert;
