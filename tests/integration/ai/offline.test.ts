import twitterText from "twitter-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFLINE_NOTICE } from "@/lib/ai/server/offline";
import type { ChatHistoryResponse } from "@/lib/ai/schemas";
import { startStack, type Stack } from "../../setup/stack";
import {
  aiUsage,
  closeDatabases,
  databaseAt,
  insertPost,
  longPost,
  randomMarker,
  signedIn,
  streamChat,
} from "./helpers";

/** With no OPENAI_API_KEY every AI endpoint still answers, from the offline writer, and says so. */

let stack: Stack;
const db = () => databaseAt(stack.databaseUrl);
const user = () => signedIn(stack.appUrl);
const validOnTwitter = (text: string) => twitterText.parseTweet(text).valid;

beforeAll(async () => {
  stack = await startStack({ ai: "offline" });
});
afterAll(async () => {
  await closeDatabases();
  await stack?.stop();
});

describe("the offline writer (no AI key configured)", () => {
  it("status says offline", async () => {
    const { client } = await user();
    expect((await client.get("/api/openai/status")).body).toEqual({ success: true, offline: true, model: null });
  });

  it("chat answers with a labelled offline reply, stored like any other, and counted", async () => {
    const { client, user: me } = await user();
    const response = await client.post("/api/openai/chat", {
      message: "When should I schedule my posts?",
      chatId: "temp-1",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, offline: true });
    expect((response.body.reply as string).startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(response.body.reply).toMatch(/Prime Time 20:00/);
    const history = (await client.get("/api/openai/chat/history")).body as unknown as ChatHistoryResponse;
    expect(history.chatHistory[response.body.chatId as string]!.map((m) => m.role)).toEqual(["user", "assistant"]);
    const [usage] = await aiUsage(db(), me.id);
    expect(usage).toMatchObject({ tokensIn: 0, tokensOut: 0 });
    expect(usage!.metadata).toMatchObject({ operation: "chat", offline: true });
  });

  it("chat streams too: chat, several tokens, done", async () => {
    const { client } = await user();
    const { isStream, events } = await streamChat(client, { message: "How do I get more comments?" });
    expect(isStream).toBe(true);
    expect(events[0]).toMatchObject({ type: "chat", offline: true });
    const tokens = events.filter((event) => event.type === "token");
    expect(tokens.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done).toMatchObject({ type: "done" });
    expect(tokens.map((event) => (event.type === "token" ? event.text : "")).join("")).toBe(
      done?.type === "done" ? done.reply : "",
    );
  });

  it("the generator builds the post from the answers", async () => {
    const { client } = await user();
    const marker = randomMarker();
    const response = await client.post("/api/openai/generate-post", {
      answers: {
        topic: `our ${marker} bakery`,
        tone: "Formal",
        length: "Short",
        callToAction: "Yes - Custom",
        customCallToAction: "Visit us today.",
        hashtags: "No",
      },
      platform: "twitter",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.offline).toBe(true);
    const content = response.body.content as string;
    expect(content).toMatch(new RegExp(`^Our ${marker} bakery: we are pleased to share this update with you\\.`));
    expect(content).toContain("Visit us today.");
    expect(validOnTwitter(content)).toBe(true);
  });

  it("a generation adds no thread to the chat list; chatting in its record lists it again", async () => {
    const { client } = await user();
    const listed = async () =>
      ((await client.get("/api/openai/chat/history")).body as unknown as ChatHistoryResponse).chats.map(
        (chat) => chat._id,
      );
    const talk = await client.post("/api/openai/chat", { message: "When should I post?" });
    expect(talk.status, talk.text).toBe(200);
    expect(await listed()).toEqual([talk.body.chatId]);

    const generated = await client.post("/api/openai/generate-post", {
      answers: { topic: `rye bread ${randomMarker()}`, tone: "Casual", length: "Short" },
    });
    expect(generated.status, generated.text).toBe(200);
    const recordId = generated.body.chatId as string;
    expect(recordId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listed()).toEqual([talk.body.chatId]);
    const legacy = (await client.get("/api/chat/history")).body as unknown as ChatHistoryResponse;
    expect(legacy.chats.map((chat) => chat._id)).toEqual([talk.body.chatId]);
    expect(Object.keys(legacy.chatHistory)).toEqual([talk.body.chatId]);

    // A second generation into the same record adds no thread either.
    const again = await client.post("/api/openai/generate-post", {
      answers: { topic: "oat latte", tone: "Formal", length: "Short" },
      chatId: recordId,
    });
    expect(again.body.chatId).toBe(recordId);
    expect(await listed()).toEqual([talk.body.chatId]);

    // The user chats in it (the editor's assistant panel): now it is a conversation, listed first.
    const followUp = await client.post("/api/openai/chat", {
      message: "Make it shorter",
      context: "content_creation",
      chatId: recordId,
    });
    expect(followUp.status, followUp.text).toBe(200);
    expect(await listed()).toEqual([recordId, talk.body.chatId]);
  });

  it("enhance, share message and X summary all answer, flagged", async () => {
    const { client, user: me } = await user();
    const content = longPost(randomMarker());
    const postId = await insertPost(db(), me.id, content);

    const enhanced = await client.post(`/api/post/${postId}/enhance`, {});
    expect(enhanced.status, enhanced.text).toBe(200);
    expect(enhanced.body).toMatchObject({ originalContent: content, offline: true });
    expect(enhanced.body.enhancedContent).not.toBe(content);
    expect(enhanced.body.enhancedContent).toMatch(/Let us know in the comments!$/);

    const share = await client.post(`/api/post/${postId}/generate-share-message`);
    expect(share.body).toMatchObject({
      success: true,
      usedFallback: true,
      warning: "AI generation is unavailable, so a template message was used.",
    });
    expect(share.body.shareMessage).toMatch(/^Check out our latest post: Our bakery/);
    expect((share.body.shareMessage as string).length).toBeLessThanOrEqual(280);

    const summary = await client.post(`/api/post/${postId}/summarize-twitter`, {});
    expect(summary.body).toMatchObject({ mode: "summary", offline: true });
    expect(validOnTwitter((summary.body.tweets as string[])[0]!)).toBe(true);
    const thread = await client.post(`/api/post/${postId}/summarize-twitter`, { mode: "thread" });
    const tweets = thread.body.tweets as string[];
    expect(thread.body).toMatchObject({ mode: "thread", offline: true });
    expect(tweets.length).toBeGreaterThan(3);
    expect(tweets.every(validOnTwitter)).toBe(true);
    expect(tweets.map((tweet) => tweet.replace(/^\d+\/\d+ /, "")).join(" ")).toBe(content.replace(/\s+/g, " "));

    const operations = (await aiUsage(db(), me.id)).map((row) => row.metadata);
    expect(operations.map((m) => m!.operation).sort()).toEqual([
      "enhance",
      "share_message",
      "summarize_twitter",
      "summarize_twitter",
    ]);
    expect(operations.every((m) => m!.offline === true)).toBe(true);
  });
});
