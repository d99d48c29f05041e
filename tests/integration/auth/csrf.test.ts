import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, userSessions } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * Cross-site request forgery. The route list is read from app/api, so a new route cannot escape:
 * every unsafe method of every route refuses a request from another origin before its handler runs.
 */

const apiDir = path.resolve(import.meta.dirname, "../../../app/api");
/** next-auth's own endpoints check their own CSRF token (double-submit cookie) and are not ours. */
const NOT_OURS = /\[\.\.\.nextauth\]/;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

const unsafeRoutes = routeFiles(apiDir)
  .filter((file) => !NOT_OURS.test(file))
  .flatMap((file) => {
    const route = `/api/${path.relative(apiDir, path.dirname(file)).split(path.sep).join("/")}`;
    const methods = [...readFileSync(file, "utf8").matchAll(/export const (POST|PUT|PATCH|DELETE)\b/g)].map(
      (m) => m[1]!,
    );
    return methods.map((method) => ({ method, route }));
  });

/** Dynamic segments filled with values no row has: a handler that ran would answer 404, not 403. */
const concrete = (route: string) =>
  route.replace(/\[[^\]]+\]/g, (segment) => (segment === "[platform]" ? "facebook" : randomUUID()));

const appUrl = () => testStack().appUrl;
const sameSiteOtherPort = () => {
  const url = new URL(appUrl());
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
};

async function userWithDraft() {
  const registered = await registeredClient();
  const { account } = await connectFacebook(registered.client, (ids) => ids.slice(0, 1));
  const pages = [{ type: "post", pageId: account.pages[0]!.id, platform: "facebook" }];
  const created = await registered.client.post("/api/social/posts", { pages, content: "Original" });
  expect(created.status, created.text).toBe(201);
  return { ...registered, pages, postId: (created.body.post as { id: string }).id };
}

const postCount = async (userId: string) =>
  (await testDb().select({ n: count() }).from(posts).where(eq(posts.workspaceId, userId)))[0]!.n;
const contentOf = async (postId: string) =>
  (await testDb().select({ content: posts.content }).from(posts).where(eq(posts.id, postId)))[0]?.content;

describe("CSRF: unsafe methods from another origin", () => {
  it("finds the routes it checks", () => {
    expect(unsafeRoutes.length).toBeGreaterThan(20);
    expect(unsafeRoutes).toContainEqual({ method: "PUT", route: "/api/post/[id]" });
  });

  it("every POST/PUT/PATCH/DELETE route answers 403 in the error shape to a foreign Origin, signed in or not", async () => {
    const { client } = await registeredClient();
    const failures: string[] = [];
    for (const { method, route } of unsafeRoutes) {
      for (const origin of ["https://evil.example", sameSiteOtherPort(), "null"]) {
        const response = await client.request(method, concrete(route), {
          json: {},
          headers: { Origin: origin },
        });
        if (
          response.status !== 403 ||
          response.body?.code !== "cross_origin_refused" ||
          response.body.success !== false
        )
          failures.push(`${method} ${route} from ${origin}: ${response.status} ${response.text.slice(0, 120)}`);
      }
      const bySite = await client.request(method, concrete(route), {
        json: {},
        headers: { "Sec-Fetch-Site": "same-site" },
      });
      if (bySite.status !== 403) failures.push(`${method} ${route} with Sec-Fetch-Site: same-site: ${bySite.status}`);
    }
    expect(failures).toEqual([]);
    // The user is still signed in: nothing above, not even logout, reached a handler.
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("a foreign Origin on POST, PUT and DELETE writes nothing", async () => {
    const { client, user, pages, postId } = await userWithDraft();
    const evil = { Origin: "http://localhost.evil.example" };
    const before = await postCount(user.id);

    const created = await client.request("POST", "/api/social/posts", {
      json: { pages, content: "Forged" },
      headers: evil,
    });
    const edited = await client.request("PUT", `/api/post/${postId}`, { json: { content: "Forged" }, headers: evil });
    const deleted = await client.request("DELETE", `/api/post/${postId}`, { headers: evil });
    const everywhere = await client.request("POST", "/api/auth/logout-everywhere", { headers: evil });

    for (const response of [created, edited, deleted, everywhere]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: "cross_origin_refused" });
    }
    expect(await postCount(user.id)).toBe(before);
    expect(await contentOf(postId)).toBe("Original");
    const sessions = await testDb().select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(sessions.every((row) => row.revokedAt === null)).toBe(true);
  });

  it("accepts the app's own origin (what the browser sends), and requests with no Origin at all (not a browser)", async () => {
    const { client, postId } = await userWithDraft();
    const own = await client.request("PUT", `/api/post/${postId}`, {
      json: { content: "From our page" },
      headers: { Origin: appUrl(), "Sec-Fetch-Site": "same-origin" },
    });
    expect(own.status, own.text).toBe(200);
    expect(await contentOf(postId)).toBe("From our page");
    const script = await client.put(`/api/post/${postId}`, { content: "From curl" });
    expect(script.status).toBe(200);
  });
});

describe("JSON bodies only as application/json", () => {
  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a URL-encoded form", "application/x-www-form-urlencoded"],
    ["a multipart form", "multipart/form-data; boundary=x"],
  ])("a JSON body sent as %s answers 415 in the error shape and writes nothing", async (_name, contentType) => {
    const { client, user, pages, postId } = await userWithDraft();
    const before = await postCount(user.id);
    const created = await client.request("POST", "/api/social/posts", {
      body: JSON.stringify({ pages, content: "Smuggled" }),
      headers: { "Content-Type": contentType },
    });
    const edited = await client.request("PUT", `/api/post/${postId}`, {
      body: JSON.stringify({ content: "Smuggled" }),
      headers: { "Content-Type": contentType },
    });
    for (const response of [created, edited]) {
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ success: false, code: "unsupported_media_type" });
      expect(typeof response.body.error).toBe("string");
    }
    expect(await postCount(user.id)).toBe(before);
    expect(await contentOf(postId)).toBe("Original");
  });

  it("a body with no Content-Type at all is not read as JSON either", async () => {
    const { client, postId } = await userWithDraft();
    const response = await client.request("PUT", `/api/post/${postId}`, {
      body: new Blob([JSON.stringify({ content: "Untyped" })]),
    });
    expect(response.status).toBe(415);
    expect(await contentOf(postId)).toBe("Original");
  });

  it("application/json with a charset is JSON", async () => {
    const { client, postId } = await userWithDraft();
    const response = await client.request("PUT", `/api/post/${postId}`, {
      body: JSON.stringify({ content: "Typed" }),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expect(response.status, response.text).toBe(200);
    expect(await contentOf(postId)).toBe("Typed");
  });
});
