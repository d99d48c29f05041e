import type { Actor } from "@/lib/workspaces/schemas";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { db, type Transaction } from "@/db";
import { chatMessages, chats, posts, type Chat } from "@/db/schema";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { getChatOrThrow, promptHistory } from "./chat-queries";
import { AiStreamCancelledError, answerOnce, openAiStream, type AiStream } from "./completion";
import { toAiError } from "./errors";
import { saveExchange } from "./exchange";
import { offlineChatReply } from "./offline";
import { CHAT_HISTORY_TURNS, MAX_ANSWER_TOKENS, chatMessages as chatPrompt, type PromptMessage } from "./prompts";
import type { ChatReply, ChatStreamEvent, chatRequestSchema } from "@/lib/ai/schemas";
import { chatTitle } from "./titles";
import { recordAiUsage, releaseAiRequest, reserveAiRequest, withAiRequest } from "./usage";

/**
 * The AI chat (widget, /chat, the editor's assistant panel): a message goes to the model with the
 * chat's recent turns and, in the editor, the post; the user's message and the answer are stored
 * with their tokens. A new chat is created when the client has none (or only a temporary id).
 */

export type ChatInput = z.output<typeof chatRequestSchema>;

interface PreparedChat {
  chat: Chat | null;
  /** The owned post to link the chat to (editor contexts only). */
  linkPostId: string | null;
  input: ChatInput;
  prompt: PromptMessage[];
  offlineText: () => string;
}

async function prepareChat(actor: Actor, input: ChatInput): Promise<PreparedChat> {
  const chat = input.chatId ? await getChatOrThrow(actor.userId, input.chatId) : null;
  const post = input.postId ? await getPostOrThrow(actor.workspaceId, input.postId) : null;
  const postContent = input.postContent?.trim() ? input.postContent : (post?.content ?? null);
  const history = chat ? await promptHistory(chat.id, CHAT_HISTORY_TURNS) : [];
  return {
    chat,
    linkPostId: post && input.context !== "general" ? post.id : null,
    input,
    prompt: chatPrompt({ context: input.context, postContent, history, message: input.message }),
    offlineText: () => offlineChatReply({ message: input.message, context: input.context, postContent }),
  };
}

/** The chat to write to (created when new), linked to the post both ways where that is still free. */
async function ensureChat(tx: Transaction, actor: Actor, prepared: PreparedChat): Promise<string> {
  let chatId = prepared.chat?.id;
  if (!chatId) {
    const [created] = await tx
      .insert(chats)
      .values({
        userId: actor.userId,
        title: chatTitle(prepared.input.message),
        context: prepared.input.context,
        postId: prepared.linkPostId,
      })
      .returning({ id: chats.id });
    chatId = created!.id;
  } else {
    // Chatting in the generator's hidden record of a post makes it a conversation: listed again.
    const link = prepared.linkPostId && !prepared.chat?.postId ? { postId: prepared.linkPostId } : {};
    if (prepared.chat?.hidden || "postId" in link)
      await tx
        .update(chats)
        .set({ ...link, hidden: false })
        .where(eq(chats.id, chatId));
  }
  if (prepared.linkPostId) {
    await tx
      .update(posts)
      .set({ chatId })
      .where(and(eq(posts.id, prepared.linkPostId), eq(posts.workspaceId, actor.workspaceId), isNull(posts.chatId)));
  }
  return chatId;
}

/** POST /api/openai/chat (JSON): the whole answer at once. Nothing is stored when the AI fails. */
export async function sendChatMessage(actor: Actor, input: ChatInput): Promise<Omit<ChatReply, "success">> {
  const prepared = await prepareChat(actor, input);
  return withAiRequest(actor.workspaceId, "chat", async (reservation) => {
    const answer = await answerOnce(prepared.prompt, MAX_ANSWER_TOKENS.chat, prepared.offlineText);
    const reply = answer.text.trim();
    const chatId = await db.transaction(async (tx) => {
      const id = await ensureChat(tx, actor, prepared);
      await saveExchange(tx, id, { question: input.message, reply, answer, operation: "chat", reservation });
      return id;
    });
    return { response: reply, reply, chatId, offline: answer.offline };
  });
}

export interface ChatEventStream {
  events: AsyncGenerator<ChatStreamEvent, void, undefined>;
  /** The client went away: stop the model. */
  cancel(): void;
}

/**
 * POST /api/openai/chat with `stream: true`. Refusals (missing chat, allowance, the provider
 * refusing the request) are thrown before any event, so they answer as ordinary JSON errors. Once
 * the model has accepted, the chat and the user's message are stored and the events are `chat`,
 * `token`s, then `done` (the answer stored) or `error` (nothing more stored).
 */
export async function streamChatMessage(actor: Actor, input: ChatInput): Promise<ChatEventStream> {
  const prepared = await prepareChat(actor, input);
  // Settled when the answer is stored or billed as interrupted; given back if it never starts.
  const reservation = await reserveAiRequest(actor.workspaceId, "chat");
  let stream: AiStream;
  try {
    stream = await openAiStream(prepared.prompt, MAX_ANSWER_TOKENS.chat, prepared.offlineText);
  } catch (error) {
    await releaseAiRequest(reservation);
    throw error;
  }
  let started: { chatId: string; userMessageId: string };
  try {
    started = await db.transaction(async (tx) => {
      const chatId = await ensureChat(tx, actor, prepared);
      const [message] = await tx
        .insert(chatMessages)
        .values({ chatId, role: "user", content: input.message })
        .returning({ id: chatMessages.id });
      await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
      return { chatId, userMessageId: message!.id };
    });
  } catch (error) {
    stream.abort();
    await releaseAiRequest(reservation);
    throw error;
  }
  const { chatId, userMessageId } = started;

  let billed = false;
  /**
   * An answer that ended early was still paid for: a stopped one counts against the allowance (the
   * user read part of it), a failed one only records its tokens.
   */
  const billInterrupted = async (stopped: boolean) => {
    if (billed) return;
    billed = true;
    const usage = stream.usage();
    await recordAiUsage(actor.workspaceId, {
      operation: "chat",
      model: usage.model,
      tokensIn: usage.tokensIn,
      tokensOut: usage.tokensOut,
      offline: stream.offline,
      quantity: stopped ? 1 : 0,
      details: { interrupted: stopped ? "stopped" : "failed" },
      reservation,
    }).catch((error: unknown) => console.error("[ai] could not record the usage of an interrupted answer", error));
  };

  async function* events(): AsyncGenerator<ChatStreamEvent, void, undefined> {
    let reply = "";
    try {
      yield { type: "chat", chatId, offline: stream.offline };
      for await (const piece of stream.pieces) {
        reply += piece;
        yield { type: "token", text: piece };
      }
      const usage = stream.usage();
      const messageId = await db.transaction(async (tx) => {
        await tx.update(chatMessages).set({ tokensIn: usage.tokensIn }).where(eq(chatMessages.id, userMessageId));
        const [message] = await tx
          .insert(chatMessages)
          .values({ chatId, role: "assistant", content: reply.trim(), tokensOut: usage.tokensOut })
          .returning({ id: chatMessages.id });
        await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
        await recordAiUsage(
          actor.workspaceId,
          {
            operation: "chat",
            model: usage.model,
            tokensIn: usage.tokensIn,
            tokensOut: usage.tokensOut,
            offline: stream.offline,
            reservation,
          },
          tx,
        );
        return message!.id;
      });
      billed = true;
      yield { type: "done", reply: reply.trim(), chatId, messageId };
    } catch (error) {
      if (error instanceof AiStreamCancelledError) return;
      await billInterrupted(false);
      const failure = toAiError(error);
      yield { type: "error", error: failure.message, code: failure.code };
    } finally {
      // Reached without billing only when the client went away mid-answer.
      await billInterrupted(true);
    }
  }

  return { events: events(), cancel: () => stream.abort() };
}
