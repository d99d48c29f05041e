import { eq } from "drizzle-orm";
import twitterText from "twitter-text";
import { describe, expect, it } from "vitest";
import { chatMessages, chats, posts, usageRecords } from "@/db/schema";
import { AI_MESSAGES } from "@/lib/ai/schemas";
import { sandboxControl } from "@/sandbox/testing";
import { aiUsage, databaseAt, insertPost, longPost, randomMarker, signedIn } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/** The AI post operations (generator, enhance, share message, X summary) and the plan's AI allowance. */

const db = () => databaseAt(testStack().databaseUrl);
const sandbox = () => sandboxControl(testStack().sandboxUrl);
const validOnTwitter = (text: string) => twitterText.parseTweet(text).valid;
const answers = {
  topic: "our spring sourdough menu",
  tone: "Friendly",
  length: "Medium",
  callToAction: "No",
  hashtags: "Yes - Auto-generate",
};

async function requestsWith(marker: string) {
  return (await sandbox().openaiRequests()).filter((request) =>
    request.messages.some((message) => message.content.includes(marker)),
  );
}

describe("POST /api/openai/generate-post", () => {
  it("writes the post from the five answers and records it in a content-creation chat", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const response = await client.post("/api/openai/generate-post", {
      answers: { ...answers, topic: `${answers.topic} ${marker}` },
      platform: "linkedin",
    });
    expect(response.status, response.text).toBe(200);
    const { content, chatId, offline } = response.body as { content: string; chatId: string; offline: boolean };
    expect(offline).toBe(false);
    const [request] = await requestsWith(marker);
    expect(content).toBe(request!.reply);
    expect(request!.messages[0]!.content).toContain("LinkedIn: at most 3,000 characters");
    for (const part of ["Tone: Friendly", "Length: Medium: 1 paragraph", "hashtags"])
      expect(request!.messages[1]!.content).toContain(part);

    const [chat] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ userId: user.id, context: "content_creation" });
    const stored = await db().select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(stored.find((m) => m.role === "assistant")!.content).toBe(content);
    const [usage] = await aiUsage(db(), user.id);
    expect(usage).toMatchObject({
      tokensIn: request!.usage!.prompt_tokens,
      tokensOut: request!.usage!.completion_tokens,
    });
    expect(usage!.metadata).toMatchObject({ operation: "generate_post" });

    const again = await client.post("/api/openai/generate-post", { answers, chatId });
    expect(again.body.chatId).toBe(chatId);
  });
});

describe("POST /api/post/{id}/enhance", () => {
  it("returns the original and the model's rewrite without changing the post", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const postId = await insertPost(db(), user.id, `We sell bread ${marker}.`);
    const response = await client.post(`/api/post/${postId}/enhance`, {
      enhancePrompt: "Add a friendly call to action",
    });
    expect(response.status, response.text).toBe(200);
    const [request] = await requestsWith(marker);
    expect(request!.messages[1]!.content).toContain("<request>Add a friendly call to action</request>");
    expect(response.body).toEqual({
      success: true,
      originalContent: `We sell bread ${marker}.`,
      enhancedContent: request!.reply,
      offline: false,
    });
    const [post] = await db().select().from(posts).where(eq(posts.id, postId));
    expect(post!.content).toBe(`We sell bread ${marker}.`);
    expect((await aiUsage(db(), user.id))[0]!.metadata).toMatchObject({ operation: "enhance" });
  });

  it("needs text, and the post must be the user's", async () => {
    const { client, user } = await signedIn();
    const other = await signedIn();
    const empty = await insertPost(db(), user.id, "   ");
    const noText = await client.post(`/api/post/${empty}/enhance`, {});
    expect(noText.status).toBe(400);
    expect(noText.body.error).toBe(AI_MESSAGES.enhanceNeedsContent);
    const theirs = await insertPost(db(), other.user.id, "Their post.");
    for (const path of [
      `/api/post/${theirs}/enhance`,
      `/api/post/${theirs}/generate-share-message`,
      `/api/post/${theirs}/summarize-twitter`,
      "/api/post/not-a-uuid/enhance",
    ]) {
      const response = await client.post(path, {});
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe(AI_MESSAGES.postNotFound);
    }
    expect(await aiUsage(db(), user.id)).toHaveLength(0);
  });
});

describe("POST /api/post/{id}/generate-share-message", () => {
  it("answers the model's message, at most 280 characters, not flagged as a fallback", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const postId = await insertPost(db(), user.id, longPost(marker));
    const response = await client.post(`/api/post/${postId}/generate-share-message`);
    expect(response.status, response.text).toBe(200);
    const [request] = await requestsWith(marker);
    expect(response.body.usedFallback).toBe(false);
    expect(response.body.warning).toBeUndefined();
    expect(response.body.shareMessage).toBe(request!.reply);
    expect((response.body.shareMessage as string).length).toBeLessThanOrEqual(280);
    expect((await aiUsage(db(), user.id))[0]!.metadata).toMatchObject({ operation: "share_message" });
  });
});

describe("POST /api/post/{id}/summarize-twitter", () => {
  it("summarises a 1,000-character post into one tweet X accepts", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const postId = await insertPost(db(), user.id, longPost(marker));
    expect(validOnTwitter(longPost(marker))).toBe(false);
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ mode: "summary", offline: false });
    const tweets = response.body.tweets as string[];
    expect(tweets).toHaveLength(1);
    expect(validOnTwitter(tweets[0]!)).toBe(true);
    expect(tweets[0]).toContain(marker);
    const [usage] = await aiUsage(db(), user.id);
    expect(usage!.metadata).toMatchObject({ operation: "summarize_twitter" });
  });

  it("in thread mode numbers the tweets and each one is valid on X", async () => {
    const { client, user } = await signedIn();
    const postId = await insertPost(db(), user.id, longPost(randomMarker()));
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, { mode: "thread" });
    expect(response.status, response.text).toBe(200);
    const tweets = response.body.tweets as string[];
    expect(response.body.mode).toBe("thread");
    tweets.forEach((tweet, index) => {
      expect(tweet.startsWith(`${index + 1}/${tweets.length} `)).toBe(true);
      expect(validOnTwitter(tweet)).toBe(true);
    });
  });

  it("says 'fits' without asking the model when the post already fits", async () => {
    const { client, user } = await signedIn();
    const postId = await insertPost(db(), user.id, "Short and sweet: fresh bread at 7am.");
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, { mode: "thread" });
    expect(response.body).toEqual({
      success: true,
      mode: "fits",
      tweets: ["Short and sweet: fresh bread at 7am."],
      offline: false,
    });
    expect(await aiUsage(db(), user.id)).toHaveLength(0);
  });
});

describe("the plan's AI allowance", () => {
  it("a free user at 50 AI requests this month is refused with 402 on every AI call, and nothing is stored", async () => {
    const { client, user } = await signedIn();
    const postId = await insertPost(db(), user.id, longPost(randomMarker()));
    await db()
      .insert(usageRecords)
      .values(
        Array.from({ length: 49 }, () => ({
          workspaceId: user.id,
          kind: "ai_request" as const,
          metadata: { operation: "chat" },
        })),
      );
    // Request 50 is still allowed; the 51st is not.
    expect((await client.post("/api/openai/chat", { message: "Number fifty" })).status).toBe(200);
    const marker = randomMarker();
    const calls = [
      client.post("/api/openai/chat", { message: `One more ${marker}` }),
      client.post("/api/openai/chat", { message: `One more ${marker}`, stream: true }),
      client.post("/api/chat", { message: `One more ${marker}` }),
      client.post("/api/openai/generate-post", { answers: { ...answers, topic: marker } }),
      client.post(`/api/post/${postId}/enhance`, {}),
      client.post(`/api/post/${postId}/generate-share-message`),
      client.post(`/api/post/${postId}/summarize-twitter`, {}),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status, response.text).toBe(402);
      expect(response.body).toEqual({
        success: false,
        error: "AI usage quota exceeded. Please upgrade your plan.",
        code: "ai_quota_exceeded",
      });
    }
    expect(await requestsWith(marker)).toHaveLength(0);
    expect(await aiUsage(db(), user.id)).toHaveLength(50);
    expect((await db().select().from(chats).where(eq(chats.userId, user.id))).length).toBe(1);
  });

  it("last month's requests do not count", async () => {
    const { client, user } = await signedIn();
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 60_000);
    await db()
      .insert(usageRecords)
      .values(
        Array.from({ length: 60 }, () => ({
          workspaceId: user.id,
          kind: "ai_request" as const,
          occurredAt: lastMonth,
        })),
      );
    expect((await client.post("/api/openai/chat", { message: "A new month" })).status).toBe(200);
  });
});
