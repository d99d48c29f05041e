import { relations } from "drizzle-orm";
import { users } from "./auth";
import { billingEvents, subscriptions, usageRecords } from "./billing";
import { chatMessages, chats } from "./chats";
import { media } from "./media";
import { metricSnapshots } from "./metrics";
import { postMedia, posts, postTargets } from "./posts";
import { socialAccounts, socialPages } from "./social";
import { workspaceMembers, workspaces } from "./workspaces";

/**
 * Relations for `db.query.*` (they add no SQL). Kept in one file so the posts ↔ chats cycle stays
 * between table definitions only. posts.chat and chats.post are two independent one-to-one links.
 */

export const usersRelations = relations(users, ({ many }) => ({
  memberships: many(workspaceMembers),
  chats: many(chats),
}));

export const workspacesRelations = relations(workspaces, ({ one, many }) => ({
  members: many(workspaceMembers),
  socialAccounts: many(socialAccounts),
  socialPages: many(socialPages),
  posts: many(posts),
  media: many(media),
  subscription: one(subscriptions),
  usageRecords: many(usageRecords),
  billingEvents: many(billingEvents),
}));

export const workspaceMembersRelations = relations(workspaceMembers, ({ one }) => ({
  workspace: one(workspaces, { fields: [workspaceMembers.workspaceId], references: [workspaces.id] }),
  user: one(users, { fields: [workspaceMembers.userId], references: [users.id] }),
}));

export const socialAccountsRelations = relations(socialAccounts, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [socialAccounts.workspaceId], references: [workspaces.id] }),
  pages: many(socialPages),
}));

export const socialPagesRelations = relations(socialPages, ({ one, many }) => ({
  account: one(socialAccounts, { fields: [socialPages.socialAccountId], references: [socialAccounts.id] }),
  workspace: one(workspaces, { fields: [socialPages.workspaceId], references: [workspaces.id] }),
  targets: many(postTargets),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [posts.workspaceId], references: [workspaces.id] }),
  author: one(users, { fields: [posts.authorId], references: [users.id] }),
  chat: one(chats, { fields: [posts.chatId], references: [chats.id] }),
  targets: many(postTargets),
  media: many(postMedia),
}));

export const postTargetsRelations = relations(postTargets, ({ one, many }) => ({
  post: one(posts, { fields: [postTargets.postId], references: [posts.id] }),
  page: one(socialPages, { fields: [postTargets.pageId], references: [socialPages.id] }),
  metricSnapshots: many(metricSnapshots),
}));

export const postMediaRelations = relations(postMedia, ({ one }) => ({
  post: one(posts, { fields: [postMedia.postId], references: [posts.id] }),
  media: one(media, { fields: [postMedia.mediaId], references: [media.id] }),
}));

export const mediaRelations = relations(media, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [media.workspaceId], references: [workspaces.id] }),
  posts: many(postMedia),
}));

export const chatsRelations = relations(chats, ({ one, many }) => ({
  user: one(users, { fields: [chats.userId], references: [users.id] }),
  post: one(posts, { fields: [chats.postId], references: [posts.id] }),
  messages: many(chatMessages),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  workspace: one(workspaces, { fields: [subscriptions.workspaceId], references: [workspaces.id] }),
}));

export const usageRecordsRelations = relations(usageRecords, ({ one }) => ({
  workspace: one(workspaces, { fields: [usageRecords.workspaceId], references: [workspaces.id] }),
}));

export const billingEventsRelations = relations(billingEvents, ({ one }) => ({
  workspace: one(workspaces, { fields: [billingEvents.workspaceId], references: [workspaces.id] }),
}));

export const metricSnapshotsRelations = relations(metricSnapshots, ({ one }) => ({
  target: one(postTargets, { fields: [metricSnapshots.postTargetId], references: [postTargets.id] }),
}));
