import { existsSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { media, posts, socialAccounts } from "@/db/schema";
import { AI_MESSAGES } from "@/lib/ai/schemas";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/schemas";
import { tiers } from "@/lib/billing/tiers";
import { MESSAGES as POST_MESSAGES } from "@/lib/posts/schemas";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { appMediaRoot, pngBytes } from "../../fixtures/media-files";
import { authorize, cipher, completeCallback, connectFacebook, defineFacebookUser, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { addUsage, MB, setTier } from "./helpers";

/**
 * The plan limits on the server: storage refused before an upload is stored and
 * safe under concurrent uploads; after a downgrade nothing is deleted and creating more is refused;
 * check-limit answers every operation.
 */

const FREE_STORAGE = tiers.free.limits.storageMB * MB;
const mediaRoot = appMediaRoot();
const userDir = (userId: string) => path.join(mediaRoot, "workspaces", userId);
const createdUsers: string[] = [];
afterAll(() => {
  for (const userId of createdUsers) rmSync(userDir(userId), { recursive: true, force: true });
});

async function newUser() {
  const registered = await registeredClient();
  createdUsers.push(registered.user.id);
  return registered;
}

function uploadForm(bytes: Uint8Array, name = "photo.png"): FormData {
  const body = new FormData();
  body.append("media", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return body;
}

const upload = (client: ApiClient, bytes: Uint8Array) =>
  client.request("POST", "/api/media/upload", { body: uploadForm(bytes) });

async function mediaCount(userId: string): Promise<number> {
  const [row] = await testDb().select({ total: count() }).from(media).where(eq(media.workspaceId, userId));
  return row?.total ?? 0;
}

const storedFiles = (userId: string) => (existsSync(userDir(userId)) ? readdirSync(userDir(userId)) : []);

const checkLimit = async (client: ApiClient, query: string) =>
  (await client.get(`/api/subscription/check-limit?${query}`)).body;

describe("storage limit", () => {
  it("an upload over the plan's storage is refused with a sentence and nothing is stored", async () => {
    const { client, user } = await newUser();
    const png = pngBytes(64, 64);
    await addUsage(user.id, [{ kind: "media_stored", bytes: FREE_STORAGE - (png.length - 1) }]);

    const refused = await upload(client, png);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "storage_limit_reached", success: false });
    expect(refused.body.error).toContain("500 MB of storage");
    expect(await mediaCount(user.id)).toBe(0);
    expect(storedFiles(user.id)).toEqual([]);

    // Exactly what is left still fits.
    await addUsage(user.id, [{ kind: "media_deleted", bytes: 1 }]);
    expect((await upload(client, png)).status).toBe(201);
    expect(await checkLimit(client, "operation=uploadMedia&size=1")).toMatchObject({ allowed: false });
  });

  it("a declared body that cannot fit is refused before the body is sent", async () => {
    const { client, user } = await newUser();
    await addUsage(user.id, [{ kind: "media_stored", bytes: FREE_STORAGE - MB }]);
    const url = new URL("/api/media/upload", client.baseUrl);
    // Headers only: the 400 MB body never comes. A server that read it first would never answer.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: "POST",
        headers: {
          Cookie: client.cookieHeader(),
          Origin: client.baseUrl,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(400 * MB),
        },
      });
      const timer = setTimeout(() => reject(new Error("no answer within 10 s")), 10_000);
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.flushHeaders();
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "storage_limit_reached" });
    expect(await mediaCount(user.id)).toBe(0);
  });

  it("of concurrent uploads that together cross the limit, only the one that fits is stored", async () => {
    const { client, user } = await newUser();
    const png = pngBytes(80, 80, [10, 200, 30]);
    // Room for one and a half of them; four sent at once (two would often arrive one after the other).
    await addUsage(user.id, [{ kind: "media_stored", bytes: FREE_STORAGE - Math.floor(png.length * 1.5) }]);
    const results = await Promise.all(Array.from({ length: 4 }, () => upload(client, png)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 403, 403, 403]);
    for (const refused of results.filter((result) => result.status === 403))
      expect(refused.body.code).toBe("storage_limit_reached");
    expect(await mediaCount(user.id)).toBe(1);
    // The refused uploads' files were removed: one original (+ its thumbnail) remains.
    const [row] = await testDb().select().from(media).where(eq(media.workspaceId, user.id));
    expect(storedFiles(user.id).sort()).toEqual(
      [row!.filename, ...(row!.thumbnailKey ? [path.basename(row!.thumbnailKey)] : [])].sort(),
    );
  });
});

describe("after a downgrade nothing is deleted, and creating more is refused", () => {
  it("posts: 31 made on Premium stay, a 32nd on Free is refused", async () => {
    const { client, user } = await newUser();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    await setTier(user.id, "premium");
    await testDb()
      .insert(posts)
      .values(Array.from({ length: 31 }, (_, index) => ({ workspaceId: user.id, content: `Premium post ${index}` })));
    await addUsage(
      user.id,
      Array.from({ length: 31 }, () => ({ kind: "post_created" as const })),
    );
    const page = { type: "post", pageId: account.pages[0]!.id, platform: "facebook" };
    expect((await client.post("/api/social/posts", { pages: [page], content: "still premium" })).status).toBe(201);

    await setTier(user.id, "free");
    const refused = await client.post("/api/social/posts", { pages: [page], content: "now free" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(POST_MESSAGES.limitReached);
    expect(refused.body.error).toBe(SUBSCRIPTION_MESSAGES.postLimit);
    const [row] = await testDb().select({ total: count() }).from(posts).where(eq(posts.workspaceId, user.id));
    expect(row?.total).toBe(32);
    expect(await checkLimit(client, "operation=createPost")).toMatchObject({ success: true, allowed: false });
  });

  it("storage: files over the Free limit stay, a new upload is refused", async () => {
    const { client, user } = await newUser();
    await setTier(user.id, "standard");
    const png = pngBytes(32, 32);
    expect((await upload(client, png)).status).toBe(201);
    await addUsage(user.id, [{ kind: "media_stored", bytes: 600 * MB }]);
    expect(await checkLimit(client, "operation=uploadMedia&size=1000")).toMatchObject({ allowed: true });

    await setTier(user.id, "free");
    expect(await checkLimit(client, "operation=uploadMedia&size=0")).toMatchObject({ allowed: false });
    expect((await upload(client, png)).status).toBe(403);
    expect(await mediaCount(user.id)).toBe(1);
    const usage = (await client.get("/api/subscription/usage")).body.data as {
      usage: { storage: { current: number; limit: number } };
    };
    expect(usage.usage.storage.limit).toBe(500);
    expect(usage.usage.storage.current).toBeGreaterThanOrEqual(600);
  });

  it("accounts: four kept on Free, a fifth connection refused", async () => {
    const { client, user } = await newUser();
    await setTier(user.id, "premium");
    await testDb()
      .insert(socialAccounts)
      .values(
        Array.from({ length: 4 }, () => ({
          workspaceId: user.id,
          platform: "twitter" as const,
          platformAccountId: uid(),
          accessTokenEnc: cipher().encrypt("kept-token"),
        })),
      );
    expect(await checkLimit(client, "operation=connectAccount")).toMatchObject({ allowed: true });

    await setTier(user.id, "free");
    expect(await checkLimit(client, "operation=connectAccount")).toEqual({
      success: true,
      allowed: false,
      reason: SUBSCRIPTION_MESSAGES.accountLimit("Free", 3),
    });
    await defineFacebookUser(1);
    const search = await authorize(client, "facebook");
    const { userAccessToken } = await completeCallback(client, "facebook", search);
    const listed = await client.post("/api/social/facebook/pages", { userAccessToken });
    const pageIds = (listed.body.data as { id: string }[]).map((page) => page.id);
    const refused = await client.post("/api/social/facebook/connect-pages", { userAccessToken, pages: pageIds });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "account_limit_reached",
      error: SUBSCRIPTION_MESSAGES.accountLimit("Free", 3),
    });
    const [row] = await testDb()
      .select({ total: count() })
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, user.id));
    expect(row?.total).toBe(4);
  });

  it("AI requests: the month's allowance used, check-limit says no and an AI call is refused", async () => {
    const { client, user } = await newUser();
    await addUsage(
      user.id,
      Array.from({ length: 49 }, () => ({ kind: "ai_request" as const, quantity: 1 })),
    );
    expect(await checkLimit(client, "operation=aiRequest")).toMatchObject({ allowed: true });
    await addUsage(user.id, [{ kind: "ai_request", quantity: 1 }]);
    expect(await checkLimit(client, "operation=aiRequest")).toEqual({
      success: true,
      allowed: false,
      reason: SUBSCRIPTION_MESSAGES.aiLimit("Free", 50),
    });
    await setTier(user.id, "standard");
    expect(await checkLimit(client, "operation=aiRequest")).toMatchObject({ allowed: true });
    await setTier(user.id, "free");
    const refused = await client.post("/api/openai/generate-post", {
      answers: { topic: "bread", tone: "Casual", length: "Short" },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(AI_MESSAGES.quotaExceeded);
  });
});

describe("posts per month count the posts created, whatever happened to them since", () => {
  it("publishing and deleting 30 posts gives nothing back: the 31st is refused, and Billing, Usage History and check-limit say 30", async () => {
    const { client, user } = await newUser();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const page = { type: "post", pageId: account.pages[0]!.id, platform: "facebook" };
    const max = tiers.free.limits.postsPerMonth;
    for (let index = 0; index < max; index += 1) {
      const created = await client.post("/api/social/posts", { pages: [page], content: `Loop ${index}` });
      expect(created.status).toBe(201);
      const postId = (created.body.post as { id: string }).id;
      // As the worker leaves it once the page is out.
      await testDb().update(posts).set({ status: "published", publishedAt: new Date() }).where(eq(posts.id, postId));
      expect((await client.request("DELETE", `/api/post/${postId}`)).status).toBe(200);
    }
    const [left] = await testDb().select({ total: count() }).from(posts).where(eq(posts.workspaceId, user.id));
    expect(left?.total).toBe(0);

    const refused = await client.post("/api/social/posts", { pages: [page], content: "one past the plan" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(SUBSCRIPTION_MESSAGES.postLimit);
    expect(await checkLimit(client, "operation=createPost")).toEqual({
      success: true,
      allowed: false,
      reason: `You have created ${max} of ${max} posts allowed this month on the Free plan.`,
    });
    const usage = (await client.get("/api/subscription/usage")).body.data as {
      usage: { posts: { current: number; limit: number } };
      detailed: { database: { posts: number } };
    };
    expect(usage.usage.posts).toEqual({ current: max, limit: max });
    expect(usage.detailed.database.posts).toBe(max);
    const [thisMonth] = (await client.get("/api/subscription/usage/history")).body.data as {
      summary: { database: { posts: number } };
    }[];
    expect(thisMonth!.summary.database.posts).toBe(max);
  });
});

describe("GET /api/subscription/check-limit", () => {
  it("a new user may do each operation", async () => {
    const { client } = await newUser();
    for (const query of [
      "operation=createPost",
      "operation=aiRequest",
      "operation=connectAccount",
      "operation=uploadMedia&size=0",
      `operation=uploadMedia&size=${FREE_STORAGE}`,
    ])
      expect(await checkLimit(client, query), query).toEqual({ success: true, allowed: true, reason: null });
    expect(await checkLimit(client, `operation=uploadMedia&size=${FREE_STORAGE + 1}`)).toEqual({
      success: true,
      allowed: false,
      reason: SUBSCRIPTION_MESSAGES.storageLimit("Free", 500, 500),
    });
  });

  it("bad parameters are 400 with a sentence", async () => {
    const { client } = await newUser();
    const cases: [string, string][] = [
      ["", SUBSCRIPTION_MESSAGES.operation],
      ["operation=deletePost", SUBSCRIPTION_MESSAGES.operation],
      ["operation=uploadMedia", SUBSCRIPTION_MESSAGES.sizeRequired],
      ["operation=uploadMedia&size=-1", SUBSCRIPTION_MESSAGES.size],
      ["operation=uploadMedia&size=1.5", SUBSCRIPTION_MESSAGES.size],
      ["operation=uploadMedia&size=abc", SUBSCRIPTION_MESSAGES.size],
      ["operation=uploadMedia&size=99999999999999999999", SUBSCRIPTION_MESSAGES.size],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/subscription/check-limit?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ success: false, error: message });
    }
  });
});
