import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { expect } from "vitest";
import * as schema from "@/db/schema";
import { posts, usageRecords } from "@/db/schema";
import { parseServerSentEvents } from "@/lib/event-stream";
import type { ChatStreamEvent } from "@/lib/ai/schemas";
import { answerConsent } from "@/sandbox/testing";
import { ApiClient, uniqueEmail } from "../../fixtures/api-client";
import { sleep } from "../../fixtures/sleep";

/** Shared by the ai*.test.ts files, which also run against stacks of their own (faults, offline). */

export type Client = ApiClient;

/** A new user, registered and signed in on the app at `appUrl` (default: the run's stack). */
export async function signedIn(appUrl?: string) {
  const client = new ApiClient(appUrl);
  const password = "correct horse battery";
  const response = await client.post("/api/auth/register", {
    name: "AI Tester",
    email: uniqueEmail("ai"),
    password,
    password2: password,
  });
  expect(response.status, response.text).toBe(201);
  return { client, user: response.body.user as { id: string } };
}

const pools = new Map<string, pg.Pool>();

/** The database of a stack, to set up and assert what it holds. */
export function databaseAt(databaseUrl: string) {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pools.set(databaseUrl, pool);
  }
  return drizzle(pool, { schema });
}
export type Db = ReturnType<typeof databaseAt>;

export async function closeDatabases() {
  await Promise.all([...pools.values()].map((pool) => pool.end()));
  pools.clear();
}

/** A saved draft of the user's, straight into the database (the AI endpoints need no pages). */
export async function insertPost(db: Db, userId: string, content: string): Promise<string> {
  const [row] = await db.insert(posts).values({ workspaceId: userId, content }).returning({ id: posts.id });
  return row!.id;
}

export async function aiUsage(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.workspaceId, userId), eq(usageRecords.kind, "ai_request")));
  return rows.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

/** POST /api/openai/chat with stream: true, read to the end. */
export async function streamChat(client: Client, body: Record<string, unknown>) {
  const response = await client.request("POST", "/api/openai/chat", { json: { ...body, stream: true } });
  const isStream = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  return {
    status: response.status,
    isStream,
    events: isStream ? await parseServerSentEvents<ChatStreamEvent>(response.text) : ([] as ChatStreamEvent[]),
    response,
  };
}

/** A 1,000-character post (sentences, so summaries have something to work with). */
export function longPost(marker: string): string {
  const sentence = `Our bakery ${marker} opens early every day with fresh sourdough, croissants and coffee for the whole street. `;
  return sentence
    .repeat(Math.ceil(1000 / sentence.length))
    .slice(0, 1000)
    .trim();
}

export const randomMarker = () => `m${Math.random().toString(36).slice(2, 10)}`;

/** Connects an X account through the sandbox's consent screen; returns its page id and X user id. */
export async function connectTwitter(client: Client): Promise<{ pageId: string; twitterUserId: string }> {
  const started = await client.get("/api/social/auth/twitter/url");
  expect(started.status, started.text).toBe(200);
  const redirect = await answerConsent((started.body.data as { authUrl: string }).authUrl, {
    username: `ai_${randomMarker()}`,
  });
  const callback = await client.get(`/api/social/auth/twitter/callback${redirect.search}`);
  expect(callback.status, callback.text).toBe(200);
  const { userAccessToken, accountId } = callback.body.data as { userAccessToken: string; accountId: string };
  const connected = await client.post("/api/social/connect/twitter", { userAccessToken });
  expect(connected.status, connected.text).toBe(200);
  return { pageId: (connected.body.data as { pages: { id: string }[] }).pages[0]!.id, twitterUserId: accountId };
}

/** Publishes a saved post now and waits until it settles. */
export async function publishAndWait(client: Client, postId: string, timeoutMs = 30_000) {
  const response = await client.post(`/api/post/${postId}/publish`, {});
  expect(response.status, response.text).toBe(200);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = (await client.get(`/api/post/${postId}`)).body.post as {
      status: string;
      failureReason: string | null;
      pages: { type: string; status: string; platformPostUrl: string | null }[];
    };
    if (post.status === "published" || post.status === "failed" || Date.now() > deadline) return post;
    await sleep(250);
  }
}
