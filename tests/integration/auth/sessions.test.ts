import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, userSessions } from "@/db/schema";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { startExtraWebProcess } from "../../setup/stack";
import { testStack } from "../../fixtures/test-stack";

/** Sessions end on the server: logout, 'Sign out everywhere', a password change. */

const SESSION_COOKIE = "authjs.session-token";

/** A second browser of the same person: a fresh sign-in, its own session. */
async function signIn(email: string, password: string, baseUrl?: string) {
  const client = new ApiClient(baseUrl);
  const response = await client.post("/api/auth/login", { email, password });
  expect(response.status, response.text).toBe(200);
  return client;
}

/** The old cookie replayed by someone who kept it (the client itself forgets it on logout). */
function replay(cookie: string, baseUrl = testStack().appUrl) {
  const client = new ApiClient(baseUrl);
  return (method: string, path: string, json?: unknown) =>
    client.request(method, path, { json, headers: { Cookie: cookie } });
}

async function userWithDraft() {
  const registered = await registeredClient();
  const { account } = await connectFacebook(registered.client, (ids) => ids.slice(0, 1));
  const created = await registered.client.post("/api/social/posts", {
    pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "facebook" }],
    content: "Before logout",
  });
  expect(created.status, created.text).toBe(201);
  return { ...registered, postId: (created.body.post as { id: string }).id };
}

const contentOf = async (postId: string) =>
  (await testDb().select({ content: posts.content }).from(posts).where(eq(posts.id, postId)))[0]?.content;

describe("POST /api/auth/logout", () => {
  it("ends the session on the server: the old cookie gets 401 on /me and on a write, and refresh-token refuses it", async () => {
    const { client, postId } = await userWithDraft();
    const oldCookie = client.cookieHeader();
    expect((await replay(oldCookie)("GET", "/api/auth/me")).status).toBe(200);

    const loggedOut = await client.post("/api/auth/logout");
    expect(loggedOut.status).toBe(200);
    expect(client.cookieNames()).not.toContain(SESSION_COOKIE);

    const old = replay(oldCookie);
    expect((await old("GET", "/api/auth/me")).status).toBe(401);
    expect((await old("GET", "/api/auth/user")).status).toBe(401);
    const write = await old("PUT", `/api/post/${postId}`, { content: "Written after logout" });
    expect(write.status).toBe(401);
    expect(await contentOf(postId)).toBe("Before logout");
    const refreshed = await old("POST", "/api/auth/refresh-token");
    expect(refreshed.status).toBe(401);
    expect(refreshed.headers.getSetCookie().filter((c) => /^authjs\.session-token=[^;]+/.test(c))).toEqual([]);
    // next-auth's own session endpoint does not revive it either.
    const nextAuthSession = await old("GET", "/api/auth/session");
    expect(nextAuthSession.body).toBeNull();
  });

  it("ends only that session: the same person signed in elsewhere stays signed in", async () => {
    const { client, email, password } = await registeredClient();
    const other = await signIn(email, password);
    expect((await client.post("/api/auth/logout")).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(200);
  });

  it("GET /api/auth/logout changes nothing (a link on any page must not sign anyone out)", async () => {
    const { client, user } = await registeredClient();
    const response = await client.get("/api/auth/logout");
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ success: false, code: "method_not_allowed" });
    expect((await client.get("/api/auth/me")).status).toBe(200);
    const rows = await testDb().select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows.map((row) => row.revokedAt)).toEqual([null]);
  });
});

describe("POST /api/auth/logout-everywhere", () => {
  let second: { url: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    second = await startExtraWebProcess(testStack().env);
  }, 90_000);
  afterAll(async () => {
    await second?.stop();
  });

  it("ends every session of the user: an old cookie gets 401 within a second on another web process", async () => {
    const { client, email, password } = await registeredClient();
    const laptop = await signIn(email, password);
    const phoneOnSecond = await signIn(email, password, second!.url);
    const stranger = await registeredClient();

    // Each process has now read (and cached) these sessions as live.
    for (let i = 0; i < 3; i += 1) {
      expect((await replay(laptop.cookieHeader(), second!.url)("GET", "/api/auth/me")).status).toBe(200);
      expect((await phoneOnSecond.get("/api/auth/me")).status).toBe(200);
      expect((await laptop.get("/api/auth/me")).status).toBe(200);
    }

    const response = await client.post("/api/auth/logout-everywhere");
    expect(response.status).toBe(200);
    const revokedAt = Date.now();

    const laptopOnSecond = replay(laptop.cookieHeader(), second!.url);
    let status = 0;
    while (Date.now() - revokedAt < 1_000) {
      status = (await laptopOnSecond("GET", "/api/auth/me")).status;
      if (status === 401) break;
    }
    expect(status, "the other process still accepted the revoked session after 1 s").toBe(401);
    expect((await phoneOnSecond.get("/api/auth/me")).status).toBe(401);
    expect((await laptop.get("/api/auth/me")).status).toBe(401);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    expect((await phoneOnSecond.post("/api/auth/refresh-token")).status).toBe(401);
    // Someone else's session is untouched.
    expect((await stranger.client.get("/api/auth/me")).status).toBe(200);
    // Signing in again works as before.
    expect((await signIn(email, password, second!.url).then((c) => c.get("/api/auth/me"))).status).toBe(200);
  });

  it("answers 401 without a session and revokes nothing", async () => {
    const response = await new ApiClient().post("/api/auth/logout-everywhere");
    expect(response.status).toBe(401);
  });
});

describe("PUT /api/auth/password", () => {
  it("changes the password and ends every other session, keeping this one", async () => {
    const { client, email, password } = await registeredClient();
    const other = await signIn(email, password);
    const response = await client.put("/api/auth/password", {
      currentPassword: password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(response.status, response.text).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await client.get("/api/auth/me")).status).toBe(200);
    expect((await new ApiClient().post("/api/auth/login", { email, password })).status).toBe(401);
    expect((await new ApiClient().post("/api/auth/login", { email, password: "a brand new secret" })).status).toBe(200);
  });

  it.each<[Record<string, string>, number, string]>([
    [{ currentPassword: "wrong one", newPassword: "another1", confirmPassword: "another1" }, 400, "wrong_password"],
    [{ newPassword: "another1", confirmPassword: "another1" }, 400, "bad_request"],
    [{ currentPassword: "x", newPassword: "12345", confirmPassword: "12345" }, 400, "bad_request"],
    [{ currentPassword: "x", newPassword: "another1", confirmPassword: "another2" }, 400, "bad_request"],
  ])("refuses %j with %i %s and changes nothing", async (body, status, code) => {
    const { client, email, password } = await registeredClient();
    const other = await signIn(email, password);
    const filled = { ...body, currentPassword: body.currentPassword === "x" ? password : body.currentPassword };
    const response = await client.put("/api/auth/password", filled);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, code });
    expect((await other.get("/api/auth/me")).status).toBe(200);
    expect((await new ApiClient().post("/api/auth/login", { email, password })).status).toBe(200);
  });
});
