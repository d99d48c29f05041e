import { eq } from "drizzle-orm";
import twitterText from "twitter-text";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chats, usageRecords } from "@/db/schema";
import { AI_MESSAGES, type ChatStreamEvent } from "@/lib/ai/schemas";
import { sandboxControl } from "@/sandbox/testing";
import { startStack, type Stack } from "../../setup/stack";
import { shortenForTwitter } from "@/lib/ai/server/fit-text";
import {
  aiUsage,
  closeDatabases,
  connectTwitter,
  databaseAt,
  insertPost,
  longPost,
  publishAndWait,
  randomMarker,
  signedIn,
  streamChat,
} from "./helpers";
import { sleep } from "../../fixtures/sleep";

/**
 * What the user sees when the AI provider fails. Faults and canned replies are queued in the
 * sandbox for whichever request comes next, so this file has a stack (app + sandbox) of its own:
 * nothing else can take its faults, and its tests run one after another.
 */

const TIMEOUT_SECONDS = 2;
let stack: Stack;
const db = () => databaseAt(stack.databaseUrl);
const sandbox = () => sandboxControl(stack.sandboxUrl);
const user = () => signedIn(stack.appUrl);
const validOnTwitter = (text: string) => twitterText.parseTweet(text).valid;
const providerAlerts = async () =>
  ((await (await fetch(`${stack.appUrl}/api/health`)).json()) as { providerAlerts: { kind: string }[] }).providerAlerts;

beforeAll(async () => {
  stack = await startStack({ aiTimeoutSeconds: TIMEOUT_SECONDS, withWorker: true });
});
afterAll(async () => {
  await closeDatabases();
  await stack?.stop();
});
afterEach(async () => {
  await sandbox().clearOpenAIFaults();
  await sandbox().setOpenAISettings({ contextLimit: 32_000, streamDelayMs: 15 });
});

describe("the plan's AI allowance under concurrency", () => {
  it("requests sent together at the limit take the last one once: the rest are refused before the model", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await db()
      .insert(usageRecords)
      .values(
        Array.from({ length: 49 }, () => ({
          workspaceId: me.id,
          kind: "ai_request" as const,
          metadata: { operation: "chat" },
        })),
      );
    // Every answer takes a second, so all the requests are in flight before the first is answered.
    await sandbox().openaiFault({ kind: "slow", delayMs: 1_000, count: -1 });
    const marker = randomMarker();
    const responses = await Promise.all([
      client.post("/api/openai/chat", { message: `Last one ${marker}` }),
      client.post("/api/openai/chat", { message: `Last one ${marker}`, stream: true }),
      client.post("/api/openai/generate-post", { answers: { topic: marker, tone: "Casual", length: "Short" } }),
      client.post(`/api/post/${postId}/enhance`, {}),
      client.post(`/api/post/${postId}/summarize-twitter`, {}),
      client.post(`/api/post/${postId}/generate-share-message`),
    ]);
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 200),
      statuses.join(" "),
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 402),
      statuses.join(" "),
    ).toHaveLength(5);
    const usage = await aiUsage(db(), me.id);
    expect(usage.reduce((sum, row) => sum + row.quantity, 0)).toBe(50);
    expect(usage.filter((row) => row.metadata?.reserved)).toEqual([]);
  });

  it("a call that fails gives its request back", async () => {
    const { client, user: me } = await user();
    await db()
      .insert(usageRecords)
      .values(
        Array.from({ length: 49 }, () => ({
          workspaceId: me.id,
          kind: "ai_request" as const,
          metadata: { operation: "chat" },
        })),
      );
    await sandbox().openaiFault({ kind: "server_error" });
    expect((await client.post("/api/openai/chat", { message: "Fails" })).status).toBe(502);
    expect((await client.post("/api/openai/chat", { message: "Still allowed", stream: true })).status).toBe(200);
    expect((await client.post("/api/openai/chat", { message: "Over the limit" })).status).toBe(402);
    expect(await aiUsage(db(), me.id)).toHaveLength(50);
  });
});

describe("provider failures → friendly message and code", () => {
  it.each([
    ["rate_limit", 429, "ai_rate_limited", AI_MESSAGES.rateLimited],
    ["insufficient_quota", 402, "ai_quota_exceeded", AI_MESSAGES.quotaExceeded],
    ["context_length_exceeded", 413, "ai_context_too_long", AI_MESSAGES.contextTooLong],
    ["server_error", 502, "ai_unavailable", AI_MESSAGES.network],
  ] as const)("%s answers %i %s, and nothing is stored or counted", async (kind, status, code, message) => {
    const { client, user: me } = await user();
    await sandbox().openaiFault({ kind });
    const response = await client.post("/api/openai/chat", { message: "Hello?" });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, error: message, code });
    expect(await db().select().from(chats).where(eq(chats.userId, me.id))).toHaveLength(0);
    expect(await aiUsage(db(), me.id)).toHaveLength(0);
    // One failure, not a retry storm: the next request goes through.
    expect((await client.post("/api/openai/chat", { message: "Hello again" })).status).toBe(200);
  });

  it.each([
    ["insufficient_quota", false],
    ["credit_balance_exhausted", false],
    ["organization_spend_limit_exceeded", true],
    ["project_spend_limit_exceeded", false],
    ["organization_usage_limit_exceeded", true],
  ] as const)(
    "billing refusal %s (streamed: %s) is 'AI usage quota exceeded', asked once, and an operator alert until an answer works",
    async (code, stream) => {
      const { client } = await user();
      const marker = randomMarker();
      await sandbox().openaiFault({ kind: "insufficient_quota", code });
      const response = await client.post("/api/openai/chat", { message: `Quota ${marker}`, stream });
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ success: false, error: AI_MESSAGES.quotaExceeded, code: "ai_quota_exceeded" });
      const asked = (await sandbox().openaiRequests()).filter((request) =>
        request.messages.some((message) => message.content.includes(marker)),
      );
      expect(asked.map((request) => request.error)).toEqual([code]);
      expect(await providerAlerts()).toContainEqual(
        expect.objectContaining({ provider: "openai", kind: "quota_exceeded", providerCode: code }),
      );

      expect((await client.post("/api/openai/chat", { message: "Works again" })).status).toBe(200);
      expect(await providerAlerts()).not.toContainEqual(expect.objectContaining({ kind: "quota_exceeded" }));
    },
  );

  it("a rate limit passes on the provider's Retry-After", async () => {
    const { client } = await user();
    await sandbox().openaiFault({ kind: "rate_limit", retryAfterSeconds: 7 });
    const response = await client.post("/api/openai/chat", { message: "Hello?" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
  });

  it("a slow provider times out with ai_timeout after OPENAI_TIMEOUT_SECONDS", async () => {
    const { client } = await user();
    await sandbox().openaiFault({ kind: "slow", delayMs: (TIMEOUT_SECONDS + 3) * 1000 });
    const started = Date.now();
    const response = await client.post("/api/openai/chat", { message: "Are you there?" });
    expect(response.status).toBe(504);
    expect(response.body).toEqual({ success: false, error: AI_MESSAGES.timeout, code: "ai_timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    expect(Date.now() - started).toBeLessThan((TIMEOUT_SECONDS + 3) * 1000);
  });

  it("a prompt over the model's context window answers ai_context_too_long", async () => {
    const { client, user: me } = await user();
    await sandbox().setOpenAISettings({ contextLimit: 300 });
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    const response = await client.post(`/api/post/${postId}/enhance`, {});
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ error: AI_MESSAGES.contextTooLong, code: "ai_context_too_long" });
  });

  it("the post operations map failures the same way", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await sandbox().openaiFault({ kind: "rate_limit", count: 3 });
    for (const call of [
      client.post(`/api/post/${postId}/enhance`, {}),
      client.post(`/api/post/${postId}/summarize-twitter`, {}),
      client.post("/api/openai/generate-post", { answers: { topic: "Bread", tone: "Casual", length: "Short" } }),
    ]) {
      const response = await call;
      expect(response.status).toBe(429);
      expect(response.body).toMatchObject({ error: AI_MESSAGES.rateLimited, code: "ai_rate_limited" });
    }
  });

  it("a share message falls back to the template when the AI fails, with a warning", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(
      db(),
      me.id,
      "Fresh sourdough every morning at 7am! Come early, it sells out. #bread",
    );
    await sandbox().openaiFault({ kind: "server_error" });
    const response = await client.post(`/api/post/${postId}/generate-share-message`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      shareMessage: "Check out our latest post: Fresh sourdough every morning at 7am!",
      usedFallback: true,
      warning: AI_MESSAGES.shareFallback,
    });
  });

  it("a share message reports the provider's rate limit and quota instead of hiding them (spec §8)", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, "Fresh sourdough every morning at 7am!");
    const cases = [
      ["rate_limit", 429, AI_MESSAGES.rateLimited, "ai_rate_limited"],
      ["insufficient_quota", 402, AI_MESSAGES.quotaExceeded, "ai_quota_exceeded"],
    ] as const;
    for (const [kind, status, error, code] of cases) {
      await sandbox().openaiFault({ kind });
      const response = await client.post(`/api/post/${postId}/generate-share-message`);
      expect(response.status, kind).toBe(status);
      expect(response.body).toMatchObject({ success: false, error, code });
    }
  });
});

describe("streaming failures", () => {
  it("a refusal before the answer starts is a plain JSON error, not a stream", async () => {
    const { client } = await user();
    await sandbox().openaiFault({ kind: "rate_limit" });
    const { status, isStream, response } = await streamChat(client, { message: "Stream please" });
    expect(status).toBe(429);
    expect(isStream).toBe(false);
    expect(response.body).toMatchObject({ error: AI_MESSAGES.rateLimited, code: "ai_rate_limited" });
  });

  it("a stream that stalls mid-answer ends with an error event carrying the friendly message", async () => {
    const { client, user: me } = await user();
    await sandbox().setOpenAISettings({ streamDelayMs: (TIMEOUT_SECONDS + 1) * 1000 });
    const { status, isStream, events } = await streamChat(client, { message: "Tell me a long story" });
    expect(status).toBe(200);
    expect(isStream).toBe(true);
    expect(events[0]).toMatchObject({ type: "chat" });
    expect(events.at(-1)).toEqual({ type: "error", error: AI_MESSAGES.timeout, code: "ai_timeout" });
    expect(events.filter((event) => event.type === "done")).toHaveLength(0);
    // The question is kept in the chat; no half answer is stored.
    const chatId = (events[0] as Extract<ChatStreamEvent, { type: "chat" }>).chatId;
    const history = await client.get("/api/openai/chat/history");
    const messages = (history.body.chatHistory as Record<string, { role: string }[]>)[chatId]!;
    expect(messages.map((m) => m.role)).toEqual(["user"]);
    // The provider was paid for the question: its tokens are recorded, but the plan is not charged.
    const [usage] = await aiUsage(db(), me.id);
    expect(usage).toMatchObject({
      quantity: 0,
      metadata: expect.objectContaining({ operation: "chat", interrupted: "failed" }),
    });
    expect(usage!.tokensIn).toBeGreaterThan(0);
  });

  it("an answer the user stops midway is recorded with what it spent, and counts against the plan", async () => {
    const { client, user: me } = await user();
    await sandbox().setOpenAISettings({ streamDelayMs: 300 });
    const hangUp = new AbortController();
    const response = await fetch(`${stack.appUrl}/api/openai/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: client.cookieHeader() },
      body: JSON.stringify({ message: "Tell me a very long story", stream: true }),
      signal: hangUp.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes('"type":"token"')) received += decoder.decode((await reader.read()).value);
    hangUp.abort();

    // The request's record exists from the start (its reservation); it is filled in once the app
    // notices the client went away.
    const deadline = Date.now() + 5_000;
    let rows = await aiUsage(db(), me.id);
    while (!rows[0]?.metadata?.interrupted && Date.now() < deadline) {
      await sleep(100);
      rows = await aiUsage(db(), me.id);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      quantity: 1,
      metadata: expect.objectContaining({ operation: "chat", interrupted: "stopped" }),
    });
    expect(rows[0]!.tokensIn).toBeGreaterThan(0);
    expect(rows[0]!.tokensOut).toBeGreaterThan(0);
  });
});

describe("X summaries are validated, retried and shortened until X accepts them", () => {
  const tooLong = (label: string) =>
    `${label} ${"This summary is far too long for X and keeps going. ".repeat(8)}`.trim();

  it("asks again with the measured length when the first summary does not fit", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await sandbox().queueOpenAIReplies(tooLong("First try."), "Fresh sourdough daily from 7am. Come early!");
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, {});
    expect(response.body).toMatchObject({ mode: "summary", tweets: ["Fresh sourdough daily from 7am. Come early!"] });
    const requests = (await sandbox().openaiRequests()).slice(-2);
    expect(requests[1]!.messages.at(-1)!.content).toMatch(/^That is \d+ characters in X's count, over the 280 limit/);
    expect(await aiUsage(db(), me.id)).toHaveLength(2);
  });

  it("shortens deterministically when the retry does not fit either", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await sandbox().queueOpenAIReplies(tooLong("First try."), tooLong("Second try."));
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, {});
    const [tweet] = response.body.tweets as string[];
    expect(validOnTwitter(tweet!)).toBe(true);
    expect(tweet).toMatch(/^Second try\. This summary is far too long/);
    expect(tweet!.endsWith("…")).toBe(true);
  });

  it("a thread with a tweet that does not fit is re-split so every tweet is valid and numbered", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await sandbox().queueOpenAIReplies(`1/3 Opening tweet.\n---\n2/3 ${tooLong("Middle.")}\n---\n3/3 Closing tweet.`);
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, { mode: "thread" });
    const tweets = response.body.tweets as string[];
    expect(tweets.length).toBeGreaterThanOrEqual(2);
    tweets.forEach((tweet, index) => {
      expect(validOnTwitter(tweet)).toBe(true);
      expect(tweet.startsWith(`${index + 1}/${tweets.length} `)).toBe(true);
    });
    expect(tweets[0]).toMatch(/^1\/\d+ Opening tweet\. Middle\./);
    expect(tweets.at(-1)).toMatch(/Closing tweet\.$/);
  });

  it("keeps a valid thread as the model split it, numbered by us", async () => {
    const { client, user: me } = await user();
    const postId = await insertPost(db(), me.id, longPost(randomMarker()));
    await sandbox().queueOpenAIReplies("1. Fresh bread daily.\n---\n2. Coffee from 7am.\n---\n3. Come early!");
    const response = await client.post(`/api/post/${postId}/summarize-twitter`, { mode: "thread" });
    expect(response.body.tweets).toEqual(["1/3 Fresh bread daily.", "2/3 Coffee from 7am.", "3/3 Come early!"]);
  });

  it("a generated post for X is fitted to 280 weighted characters whatever the model wrote", async () => {
    const { client } = await user();
    await sandbox().queueOpenAIReplies(`"${tooLong("Generated.")} #bread"`);
    const response = await client.post("/api/openai/generate-post", {
      answers: { topic: "Bread", tone: "Casual", length: "Long" },
      platform: "twitter",
    });
    const content = response.body.content as string;
    expect(validOnTwitter(content)).toBe(true);
    expect(content).toMatch(/^Generated\. This summary/);
  });
});

describe("publishing when the AI fails", () => {
  it("a post with summarizeForTwitter still goes out, shortened deterministically", async () => {
    const { client } = await user();
    const { pageId, twitterUserId } = await connectTwitter(client);
    const content = longPost(randomMarker());
    const draft = await client.post("/api/social/posts", {
      pages: [{ type: "post", pageId, platform: "twitter" }],
      content,
      summarizeForTwitter: true,
    });
    expect(draft.status, draft.text).toBe(201);
    await sandbox().openaiFault({ kind: "server_error", count: -1 });
    const post = await publishAndWait(client, (draft.body.post as { id: string }).id);
    expect(post.status, post.failureReason ?? "").toBe("published");
    const tweets = await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId });
    expect(tweets.map((tweet) => tweet.text)).toEqual([shortenForTwitter(content)]);
    expect(validOnTwitter(tweets[0]!.text)).toBe(true);
  });
});
