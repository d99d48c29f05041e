import type { Actor } from "@/lib/workspaces/schemas";
import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { db } from "@/db";
import { chatMessages, chats, posts, type Chat, type ChatMessage } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { isUuid } from "@/lib/ids";
import type { PromptMessage } from "./prompts";
import {
  AI_MESSAGES,
  type ChatHistoryResponse,
  type ChatMessageDto,
  type ChatSummaryDto,
  type PostChatHistoryResponse,
} from "@/lib/ai/schemas";

/** Reads of a user's chats, always scoped by owner: another user's chat is as missing as a deleted one. */

/** The chat list shows this many chats (most recent activity first). */
const HISTORY_CHATS = 50;

export async function getChatOrThrow(userId: string, chatId: string): Promise<Chat> {
  const [chat] = isUuid(chatId)
    ? await db
        .select()
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    : [];
  if (!chat) throw notFound(AI_MESSAGES.chatNotFound);
  return chat;
}

const visible = ne(chatMessages.role, "system");

function toMessageDto(message: ChatMessage): ChatMessageDto {
  return {
    _id: message.id,
    role: message.role === "assistant" ? "assistant" : "user",
    content: message.content,
    chatId: message.chatId,
    createdAt: message.createdAt.toISOString(),
  };
}

/** The last turns of a chat, oldest first, for the model. */
export async function promptHistory(chatId: string, turns: number): Promise<PromptMessage[]> {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), visible))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(turns);
  return rows.reverse().map((row) => ({ role: row.role === "assistant" ? "assistant" : "user", content: row.content }));
}

export async function listChatHistory(userId: string): Promise<Omit<ChatHistoryResponse, "success">> {
  const rows = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userId, userId), eq(chats.hidden, false)))
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(HISTORY_CHATS);
  const messages = rows.length
    ? await db
        .select()
        .from(chatMessages)
        .where(
          and(
            inArray(
              chatMessages.chatId,
              rows.map((chat) => chat.id),
            ),
            visible,
          ),
        )
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role))
    : [];
  const byChat = new Map<string, ChatMessageDto[]>(rows.map((chat) => [chat.id, []]));
  for (const message of messages) byChat.get(message.chatId)?.push(toMessageDto(message));
  const summaries: ChatSummaryDto[] = rows.map((chat) => ({
    _id: chat.id,
    title: chat.title,
    context: chat.context,
    postId: chat.postId,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    messages: byChat.get(chat.id) ?? [],
  }));
  return { chats: summaries, chatHistory: Object.fromEntries(byChat) };
}

/** GET /api/post/{id}/chat: the chat the post points at, else the latest chat linked to it. */
export async function getPostChatHistory(
  actor: Actor,
  postId: string,
): Promise<Omit<PostChatHistoryResponse, "success">> {
  const [post] = isUuid(postId)
    ? await db
        .select({ chatId: posts.chatId })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.workspaceId, actor.workspaceId)))
    : [];
  if (!post) throw notFound(AI_MESSAGES.postNotFound);
  let chatId = post.chatId;
  if (!chatId) {
    const [linked] = await db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.postId, postId), eq(chats.userId, actor.userId)))
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(1);
    chatId = linked?.id ?? null;
  }
  if (!chatId) return { chatId: null, chatHistory: [] };
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), visible))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));
  return {
    chatId,
    chatHistory: rows.map((row) => ({
      _id: row.id,
      role: row.role === "assistant" ? "assistant" : "user",
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * The person's AI conversations (chats are personal, not the workspace's), as the chat list shows
 * them (not the AI Post Generator's hidden records): the one figure the dashboard's 'AI
 * Conversations' card and Billing's cost breakdown show under that name.
 */
export async function countAiConversations(userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chats)
    .where(and(eq(chats.userId, userId), eq(chats.hidden, false)));
  return row?.total ?? 0;
}
