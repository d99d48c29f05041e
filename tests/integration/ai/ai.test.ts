import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMessages, chats, posts } from "@/db/schema";
import { AI_MESSAGES, type ChatHistoryResponse, type ChatStreamEvent } from "@/lib/ai/schemas";
import { sandboxControl } from "@/sandbox/testing";
import { ApiClient } from "../../fixtures/api-client";
import { aiUsage, databaseAt, insertPost, randomMarker, signedIn, streamChat } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/** The AI chat against the built app and the sandbox's OpenAI-compatible API. */

const db = () => databaseAt(testStack().databaseUrl);
const sandbox = () => sandboxControl(testStack().sandboxUrl);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sandbox's record of the completion whose last message carries `marker`. */
async function requestWith(marker: string) {
  const requests = await sandbox().openaiRequests();
  const found = requests.filter((request) => request.messages.at(-1)?.content.includes(marker));
  expect(found, `a sandbox request carrying ${marker}`).toHaveLength(1);
  return found[0]!;
}

async function history(client: Awaited<ReturnType<typeof signedIn>>["client"], path = "/api/openai/chat/history") {
  const response = await client.get(path);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ChatHistoryResponse;
}

describe("GET /api/openai/status", () => {
  it("names the model when a key is configured, and needs a session", async () => {
    const { client } = await signedIn();
    expect((await client.get("/api/openai/status")).body).toEqual({
      success: true,
      offline: false,
      model: "gpt-6-luna",
    });
    expect((await new ApiClient().get("/api/openai/status")).status).toBe(401);
  });
});

describe("POST /api/openai/chat", () => {
  it("answers with the model's reply, creates a chat titled by the first message and stores both messages", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const response = await client.post("/api/openai/chat", {
      message: `How should I announce our new bakery? ${marker}`,
    });
    expect(response.status, response.text).toBe(200);
    const {
      chatId,
      reply,
      response: text,
      offline,
    } = response.body as { chatId: string; reply: string; response: string; offline: boolean };
    expect(chatId).toMatch(UUID);
    expect(reply).toBe(`Sandbox AI: How should I announce our new bakery? ${marker}`);
    expect(text).toBe(reply);
    expect(offline).toBe(false);

    const { chats: list, chatHistory } = await history(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: chatId,
      title: `How should I announce our new bakery? ${marker}`,
      context: "general",
      postId: null,
    });
    expect(chatHistory[chatId]!.map((m) => [m.role, m.content])).toEqual([
      ["user", `How should I announce our new bakery? ${marker}`],
      ["assistant", reply],
    ]);
    const [chat] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(chat!.userId).toBe(user.id);
  });

  it("continues a chat: earlier turns go back to the model, and the chat moves to the top of the list", async () => {
    const { client } = await signedIn();
    const opening = `First question ${randomMarker()}`;
    const first = await client.post("/api/openai/chat", { message: opening });
    const firstId = first.body.chatId as string;
    const other = await client.post("/api/openai/chat", { message: "Another topic" });
    expect((await history(client)).chats[0]!._id).toBe(other.body.chatId);

    const marker = randomMarker();
    const second = await client.post("/api/openai/chat", { message: `Follow-up ${marker}`, chatId: firstId });
    expect(second.status, second.text).toBe(200);
    expect(second.body.chatId).toBe(firstId);
    const request = await requestWith(marker);
    expect(request.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(request.messages.slice(1).map((m) => m.content)).toEqual([
      opening,
      `Sandbox AI: ${opening}`,
      `Follow-up ${marker}`,
    ]);

    const { chats: list, chatHistory } = await history(client);
    expect(list.map((chat) => chat._id)).toEqual([firstId, other.body.chatId]);
    expect(chatHistory[firstId]).toHaveLength(4);
  });

  it("replaces a temporary chat id with the server's", async () => {
    const { client } = await signedIn();
    const response = await client.post("/api/openai/chat", { message: "Hello there", chatId: "temp-1718000000000" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.chatId).toMatch(UUID);
    expect((await history(client)).chats.map((chat) => chat._id)).toEqual([response.body.chatId]);
  });

  it("refuses a 2,001-character message with the spec's wording, in every context, and stores nothing", async () => {
    const { client, user } = await signedIn();
    for (const body of [
      { message: "x".repeat(2001) },
      { message: "x".repeat(2001), context: "post_enhancement" },
      { message: "x".repeat(2001), stream: true },
    ]) {
      const response = await client.post("/api/openai/chat", body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        success: false,
        error: "Your message is too long. Please keep it under 2000 characters.",
      });
    }
    expect((await client.post("/api/chat", { message: "x".repeat(2001) })).body.error).toBe(AI_MESSAGES.chatTooLong);
    expect(await db().select().from(chats).where(eq(chats.userId, user.id))).toHaveLength(0);
    expect((await client.post("/api/openai/chat", { message: "x".repeat(2000) })).status).toBe(200);
  });

  it("answers malformed bodies and wrong types with 400 and a readable message, never 500", async () => {
    const { client, user } = await signedIn();
    const postId = await insertPost(db(), user.id, "A saved post about bread.");
    const raw = (path: string, body: string) =>
      client.request("POST", path, { body, headers: { "Content-Type": "application/json" } });
    for (const path of [
      "/api/openai/chat",
      "/api/chat",
      "/api/openai/generate-post",
      `/api/post/${postId}/enhance`,
      `/api/post/${postId}/generate-share-message`,
      `/api/post/${postId}/summarize-twitter`,
    ]) {
      const response = await raw(path, "{not json");
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({
        success: false,
        error: "Request body must be valid JSON",
        code: "invalid_json",
      });
    }
    const cases: [string, unknown, string][] = [
      ["/api/openai/chat", { message: 42 }, AI_MESSAGES.emptyMessage],
      ["/api/openai/chat", { message: "   " }, AI_MESSAGES.emptyMessage],
      ["/api/openai/chat", {}, AI_MESSAGES.emptyMessage],
      [
        "/api/openai/chat",
        { message: "hi", context: "gossip" },
        "context must be general, post_enhancement or content_creation",
      ],
      [
        "/api/openai/chat",
        { message: "hi", stream: "yes" },
        "stream: Invalid input: expected boolean, received string",
      ],
      ["/api/openai/chat", [1, 2], "Invalid input: expected object, received array"],
      [
        "/api/openai/generate-post",
        { answers: { topic: "", tone: "Casual", length: "Short" } },
        AI_MESSAGES.answerRequired,
      ],
      [
        "/api/openai/generate-post",
        { answers: { topic: "Bread", tone: "Grumpy", length: "Short" } },
        AI_MESSAGES.answerRequired,
      ],
      [
        "/api/openai/generate-post",
        { answers: { topic: "Bread", tone: "Casual", length: "Short" }, platform: "myspace" },
        "platform must be general, facebook, twitter or linkedin",
      ],
      [
        `/api/post/${postId}/enhance`,
        { enhancePrompt: "x".repeat(1001) },
        "Please keep the instruction under 1,000 characters.",
      ],
      [
        `/api/post/${postId}/summarize-twitter`,
        { mode: "essay" },
        'mode: Invalid option: expected one of "summary"|"thread"',
      ],
      // PostgreSQL cannot store a NUL character: refused before the model is asked.
      ["/api/openai/chat", { message: "hi\u0000there" }, "Text cannot contain NUL characters."],
      ["/api/chat", { message: "hi\u0000there" }, "Text cannot contain NUL characters."],
      [
        "/api/openai/generate-post",
        { answers: { topic: "Bread\u0000", tone: "Casual", length: "Short" } },
        "Text cannot contain NUL characters.",
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await client.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    expect(await aiUsage(db(), user.id)).toHaveLength(0);
  });

  it("the legacy POST /api/chat and GET /api/chat/history use the same chats", async () => {
    const { client } = await signedIn();
    const first = await client.post("/api/chat", { message: "Legacy hello" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ success: true, reply: "Sandbox AI: Legacy hello", offline: false });
    const again = await client.post("/api/chat", { message: "Legacy again", chatId: first.body.chatId });
    expect(again.body.chatId).toBe(first.body.chatId);
    const legacy = await history(client, "/api/chat/history");
    expect(legacy).toEqual(await history(client));
    expect(legacy.chatHistory[first.body.chatId as string]).toHaveLength(4);
  });
});

describe("token usage", () => {
  it("records one ai_request per call with the provider's token counts, on the messages too", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const response = await client.post("/api/openai/chat", { message: `Count my tokens ${marker}` });
    const request = await requestWith(marker);
    const [usage, ...more] = await aiUsage(db(), user.id);
    expect(more).toHaveLength(0);
    expect(usage).toMatchObject({
      quantity: 1,
      tokensIn: request.usage!.prompt_tokens,
      tokensOut: request.usage!.completion_tokens,
    });
    expect(usage!.tokensIn).toBeGreaterThan(0);
    expect(usage!.metadata).toMatchObject({ operation: "chat", model: "gpt-6-luna", offline: false });
    expect(usage!.metadata!.promptVersion).toEqual(expect.any(String));
    const stored = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, response.body.chatId as string));
    expect(stored.find((m) => m.role === "user")!.tokensIn).toBe(request.usage!.prompt_tokens);
    expect(stored.find((m) => m.role === "assistant")!.tokensOut).toBe(request.usage!.completion_tokens);
  });
});

describe("streaming (stream: true)", () => {
  it("sends chat, several tokens and done; the reply is then in the history with its tokens", async () => {
    const { client, user } = await signedIn();
    const marker = randomMarker();
    const message = `Give me three ideas for a spring bake sale post please ${marker}`;
    const { status, isStream, events } = await streamChat(client, { message, chatId: "temp-42" });
    expect(status).toBe(200);
    expect(isStream).toBe(true);
    const [first, ...rest] = events;
    expect(first).toMatchObject({ type: "chat", offline: false });
    const chatId = (first as Extract<ChatStreamEvent, { type: "chat" }>).chatId;
    expect(chatId).toMatch(UUID);
    const tokens = rest.filter((event) => event.type === "token");
    expect(tokens.length).toBeGreaterThan(3);
    const done = rest.at(-1) as Extract<ChatStreamEvent, { type: "done" }>;
    expect(done).toMatchObject({ type: "done", chatId, reply: `Sandbox AI: ${message}` });
    expect(tokens.map((event) => (event as { text: string }).text).join("")).toBe(done.reply);
    expect(rest.filter((event) => event.type === "done" || event.type === "error")).toHaveLength(1);

    const { chatHistory } = await history(client);
    expect(chatHistory[chatId]!.map((m) => [m.role, m.content])).toEqual([
      ["user", message],
      ["assistant", done.reply],
    ]);
    expect(chatHistory[chatId]![1]!._id).toBe(done.messageId);
    const request = await requestWith(marker);
    expect(request.stream).toBe(true);
    const [usage] = await aiUsage(db(), user.id);
    expect(usage).toMatchObject({
      tokensIn: request.usage!.prompt_tokens,
      tokensOut: request.usage!.completion_tokens,
    });
  });
});

describe("chats belong to their user", () => {
  it("user B cannot read or continue user A's chat, nor a post's chat", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const postId = await insertPost(db(), a.user.id, "A's post about bread.");
    const chat = await a.client.post("/api/openai/chat", {
      message: "Secret plans",
      context: "post_enhancement",
      postId,
    });
    const chatId = chat.body.chatId as string;
    expect((await a.client.get(`/api/post/${postId}/chat`)).body).toMatchObject({ chatId });

    const theirs = await history(b.client);
    expect(theirs.chats).toEqual([]);
    expect(theirs.chatHistory).toEqual({});
    for (const attempt of [
      b.client.post("/api/openai/chat", { message: "Let me in", chatId }),
      b.client.post("/api/chat", { message: "Let me in", chatId }),
      b.client.post("/api/openai/chat", { message: "Let me in", chatId, stream: true }),
      b.client.post("/api/openai/generate-post", {
        answers: { topic: "Bread", tone: "Casual", length: "Short" },
        chatId,
      }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: AI_MESSAGES.chatNotFound, code: "not_found" });
    }
    const missing = await b.client.post("/api/openai/chat", {
      message: "Hello",
      chatId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(AI_MESSAGES.chatNotFound);
    for (const path of [`/api/post/${postId}/chat`]) {
      const response = await b.client.get(path);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(AI_MESSAGES.postNotFound);
    }
    const viaPost = await b.client.post("/api/openai/chat", {
      message: "Improve it",
      context: "post_enhancement",
      postId,
    });
    expect(viaPost.status).toBe(404);
    expect(viaPost.body.error).toBe(AI_MESSAGES.postNotFound);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toHaveLength(2);
    expect(await aiUsage(db(), b.user.id)).toHaveLength(0);
  });

  it("an editor chat links to its post both ways, and GET /api/post/{id}/chat returns it oldest first", async () => {
    const { client, user } = await signedIn();
    const postId = await insertPost(db(), user.id, "Fresh bread every morning at 7am.");
    expect((await client.get(`/api/post/${postId}/chat`)).body).toEqual({
      success: true,
      chatId: null,
      chatHistory: [],
    });
    const marker = randomMarker();
    const first = await client.post("/api/openai/chat", {
      message: `Make it punchier ${marker}`,
      context: "post_enhancement",
      postId,
    });
    const chatId = first.body.chatId as string;
    await client.post("/api/openai/chat", { message: "And shorter", context: "post_enhancement", postId, chatId });

    const request = await requestWith(marker);
    expect(request.messages[0]!.content).toContain("Fresh bread every morning at 7am.");
    const [post] = await db().select().from(posts).where(eq(posts.id, postId));
    expect(post!.chatId).toBe(chatId);
    const [chat] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ postId, context: "post_enhancement" });
    const response = await client.get(`/api/post/${postId}/chat`);
    expect(response.body.chatId).toBe(chatId);
    const items = response.body.chatHistory as { _id: string; role: string; content: string; createdAt: string }[];
    expect(items.map((item) => [item.role, item.content])).toEqual([
      ["user", `Make it punchier ${marker}`],
      ["assistant", `Sandbox AI: Make it punchier ${marker}`],
      ["user", "And shorter"],
      ["assistant", "Sandbox AI: And shorter"],
    ]);
  });
});
