import { type AnyPgColumn, boolean, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { posts } from "./posts";

export const chatContextEnum = pgEnum("chat_context", ["general", "post_enhancement", "content_creation"]);
export type ChatContext = (typeof chatContextEnum.enumValues)[number];

export const chatMessageRoleEnum = pgEnum("chat_message_role", ["user", "assistant", "system"]);
export type ChatMessageRole = (typeof chatMessageRoleEnum.enumValues)[number];

/** An AI conversation; `postId` links a post-editor chat to its post (circular with posts.chatId). */
export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("New chat"),
    context: chatContextEnum("context").notNull().default("general"),
    postId: uuid("post_id").references((): AnyPgColumn => posts.id, { onDelete: "set null" }),
    /**
     * Left out of the chat list: the record the AI Post Generator keeps of its prompts (the post's
     * history, not a conversation). Shown again once the user chats in it.
     */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    /** Touched on every new message, so the chat list sorts by last activity. */
    updatedAt: updatedAt(),
  },
  (t) => [
    // Chat list: a user's chats, most recently active first.
    index("chats_user_updated_idx").on(t.userId, t.updatedAt.desc().nullsFirst()),
    index("chats_post_id_idx").on(t.postId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    role: chatMessageRoleEnum("role").notNull(),
    content: text("content").notNull(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    createdAt: createdAt(),
  },
  // A chat's transcript in order.
  (t) => [index("chat_messages_chat_created_idx").on(t.chatId, t.createdAt)],
);

export type Chat = typeof chats.$inferSelect;
export type NewChat = typeof chats.$inferInsert;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
