import { eq, inArray } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { posts, userSessions, users } from "@/db/schema";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

const SESSION_COOKIE = "authjs.session-token";

async function usersWithEmail(email: string) {
  return testDb().select().from(users).where(eq(users.email, email.toLowerCase()));
}

describe("POST /api/auth/register", () => {
  it("creates the user, signs them in with an httpOnly SameSite=Lax cookie, and hides the hash", async () => {
    const client = new ApiClient();
    const email = uniqueEmail();
    const response = await client.post("/api/auth/register", {
      name: "Ada Lovelace",
      email,
      password: "secret1",
      password2: "secret1",
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, user: { name: "Ada Lovelace", email } });
    expect(response.text).not.toContain("secret1");
    expect(response.text).not.toMatch(/passwordHash|argon2/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      user: { name: "Ada Lovelace", email },
      socialAccounts: [],
      stats: { totalConnectedPlatforms: 0, totalPages: 0, totalFollowers: 0 },
      postCounts: { draft: 0, scheduled: 0, published: 0, failed: 0 },
      // The first visit: the dashboard says 'Welcome', not 'Welcome back'.
      returning: false,
    });

    // The counts the dashboard's checklist starts from (kept by the post_counts trigger).
    const [row] = await usersWithEmail(email);
    await testDb()
      .insert(posts)
      .values([
        { workspaceId: row!.id, content: "A draft", status: "draft" },
        { workspaceId: row!.id, content: "Out already", status: "published", publishedAt: new Date() },
      ]);
    expect((await client.get("/api/auth/me")).body.postCounts).toEqual({
      draft: 1,
      scheduled: 0,
      published: 1,
      failed: 0,
    });
  });

  it("stores an argon2id hash, never the password", async () => {
    const { email, password } = await registeredClient();
    const [row] = await usersWithEmail(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);
  });

  it.each(
    [
      [{ email: uniqueEmail(), password: "secret1", password2: "secret1" }, "Full name is required"],
      [{ name: "A", password: "secret1", password2: "secret1" }, "Email is required"],
      [
        { name: "A", email: "not-an-email", password: "secret1", password2: "secret1" },
        "Please enter a valid email address",
      ],
      [{ name: "A", email: uniqueEmail(), password: "secret1", password2: "secret2" }, "Passwords do not match"],
      [
        { name: "A", email: uniqueEmail(), password: "12345", password2: "12345" },
        "Password must be at least 6 characters",
      ],
      [{ name: 42, email: uniqueEmail(), password: "secret1", password2: "secret1" }, "Full name must be text"],
      [{ name: "A", email: uniqueEmail(), password: ["secret1"], password2: "secret1" }, "Password must be text"],
      [
        { name: "x".repeat(1_000_000), email: uniqueEmail(), password: "secret1", password2: "secret1" },
        "Full name is too long (maximum 100 characters)",
      ],
    ].map(([body, message]) => [message, body] as [string, Record<string, unknown>]),
  )("refuses a bad body with 400 '%s' and writes nothing", async (message, body) => {
    const client = new ApiClient();
    const response = await client.post("/api/auth/register", body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: message, code: "bad_request" });
    if (typeof body.email === "string") expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it("answers 400 to a body that is not JSON, or not an object", async () => {
    const client = new ApiClient();
    for (const body of ["{name: nope", "null", "[1,2]", '"text"']) {
      const response = await client.request("POST", "/api/auth/register", {
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status, body).toBe(400);
      expect(response.body.success).toBe(false);
      expect(typeof response.body.error).toBe("string");
    }
  });

  it("refuses a second account for the same e-mail with 409", async () => {
    const { email } = await registeredClient();
    const response = await new ApiClient().post("/api/auth/register", {
      name: "Again",
      email: email.toUpperCase(),
      password: "another1",
      password2: "another1",
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("An account with this email already exists");
    expect(await usersWithEmail(email)).toHaveLength(1);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and refuses a wrong one with a readable message", async () => {
    const { email, password } = await registeredClient("Grace Hopper");
    const client = new ApiClient();

    const wrong = await client.post("/api/auth/login", { email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: "Invalid email or password" });
    expect(client.cookieNames()).not.toContain(SESSION_COOKIE);

    const right = await client.post("/api/auth/login", { email: ` ${email.toUpperCase()} `, password });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ success: true, user: { name: "Grace Hopper", email } });
    expect(client.cookieNames()).toContain(SESSION_COOKIE);
    expect((await client.get("/api/auth/me")).body).toMatchObject({ user: { email } });
  });

  it("a session begun after the one that made the account is a return ('Welcome back')", async () => {
    const { client: first, email, password } = await registeredClient("Grace Hopper");
    // The account made two minutes ago; its first session is the one that made it.
    await testDb()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(users.email, email));
    await testDb()
      .update(userSessions)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(inArray(userSessions.userId, testDb().select({ id: users.id }).from(users).where(eq(users.email, email))));
    expect((await first.get("/api/auth/me")).body).toMatchObject({ returning: false });

    const again = new ApiClient();
    expect((await again.post("/api/auth/login", { email, password })).status).toBe(200);
    expect((await again.get("/api/auth/me")).body).toMatchObject({ returning: true });
  });

  it("signing in again a moment after registering is a return too (a session came before it)", async () => {
    const { email, password } = await registeredClient("Ada Again");
    const again = new ApiClient();
    expect((await again.post("/api/auth/login", { email, password })).status).toBe(200);
    expect((await again.get("/api/auth/me")).body).toMatchObject({ returning: true });
  });

  it("treats an unknown e-mail like a wrong password", async () => {
    const response = await new ApiClient().post("/api/auth/login", { email: uniqueEmail(), password: "whatever" });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("Invalid email or password");
  });

  it.each(
    [
      [{}, "Email is required"],
      [{ email: "a@b.co" }, "Password is required"],
      [{ email: 5, password: "x" }, "Email must be text"],
      [{ email: "a@b.co", password: "x".repeat(1_000_000) }, "Password is too long (maximum 200 characters)"],
    ].map(([body, message]) => [message, body] as [string, Record<string, unknown>]),
  )("refuses a bad login body with 400 '%s'", async (message, body) => {
    const response = await new ApiClient().post("/api/auth/login", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers the 11th rapid failed login with 429 'Too many requests', even with the right password", async () => {
    const { email, password } = await registeredClient();
    const client = new ApiClient();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await client.post("/api/auth/login", { email, password: `wrong-${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await client.post("/api/auth/login", { email, password: "wrong-11" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ success: false, error: "Too many requests" });
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);

    const right = await client.post("/api/auth/login", { email, password });
    expect(right.status).toBe(429);
  });
});

describe("session endpoints", () => {
  it("GET /api/auth/me and /api/auth/user answer 401 without a session", async () => {
    const client = new ApiClient();
    for (const path of ["/api/auth/me", "/api/auth/user"]) {
      const response = await client.get(path);
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    }
  });

  it("GET /api/auth/user answers like /me", async () => {
    const { client, email } = await registeredClient();
    const response = await client.get("/api/auth/user");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      user: { email },
      socialAccounts: [],
      stats: { totalPages: 0 },
    });
  });

  it("POST /api/auth/logout ends the session (GET changes nothing: see sessions.test.ts)", async () => {
    const { client } = await registeredClient();
    const response = await client.request("POST", "/api/auth/logout");
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect((await client.get("/api/auth/me")).status).toBe(401);
  });

  it("POST /api/auth/refresh-token re-issues the session cookie, and answers 401 without one", async () => {
    const { client } = await registeredClient();
    const refreshed = await client.post("/api/auth/refresh-token");
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect((await client.get("/api/auth/me")).status).toBe(200);

    expect((await new ApiClient().post("/api/auth/refresh-token")).status).toBe(401);
  });

  it("reads the session from its cookie: a token sealed with our secret passes; an expired one, or one sealed with another secret, does not", async () => {
    const { user, client } = await registeredClient();
    const secret = testStack().env.AUTH_SECRET!;
    // The server-side session the cookie names (sid): a sealed token is only as good as its session.
    const own = /authjs\.session-token=([^;]+)/.exec(client.cookieHeader())![1]!;
    const { sid } = (await decode({ token: own, secret, salt: SESSION_COOKIE }))!;
    expect(typeof sid).toBe("string");
    const seal = (key: string, maxAge: number, claims: Record<string, unknown> = { sid }) =>
      encode({
        token: { sub: user.id, email: user.email, name: user.name, ...claims },
        secret: key,
        salt: SESSION_COOKIE,
        maxAge,
      });
    const me = async (token: string) =>
      new ApiClient().request("GET", "/api/auth/me", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const valid = await me(await seal(secret, 3600));
    expect(valid.status).toBe(200);
    expect((valid.body.user as { id: string }).id).toBe(user.id);
    expect((await me(await seal(secret, -60))).status).toBe(401);
    expect((await me(await seal("another secret entirely, of some length", 3600))).status).toBe(401);
    // Without a session id, or with another user's, it is no session.
    expect((await me(await seal(secret, 3600, {}))).status).toBe(401);
    const stranger = await registeredClient();
    const strangerToken = /authjs\.session-token=([^;]+)/.exec(stranger.client.cookieHeader())![1]!;
    const strangerSid = (await decode({ token: strangerToken, secret, salt: SESSION_COOKIE }))!.sid;
    expect((await me(await seal(secret, 3600, { sid: strangerSid }))).status).toBe(401);
  });

  it("refuses a forged session cookie", async () => {
    const client = new ApiClient();
    const response = await client.request("GET", "/api/auth/me", {
      headers: { Cookie: `${SESSION_COOKIE}=forged.value.here` },
    });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/social/auth/{platform}/url?intent=login", () => {
  it.each(["google", "facebook"])("returns the sandbox's %s authorization URL with a state", async (platform) => {
    const client = new ApiClient();
    const response = await client.get(`/api/social/auth/${platform}/url?intent=login`);
    expect(response.status).toBe(200);
    const authUrl = new URL((response.body.data as { authUrl: string }).authUrl);
    expect(authUrl.href.startsWith(`${testStack().sandboxUrl}/${platform}/`)).toBe(true);
    expect(authUrl.searchParams.get("client_id")).toBe(`sandbox-${platform}-client`);
    expect(authUrl.searchParams.get("state")).toBeTruthy();
    expect(authUrl.searchParams.get("redirect_uri")).toBe(`${client.baseUrl}/api/auth/callback/${platform}`);
  });

  it("refuses an unknown platform and a bad intent with 400", async () => {
    const client = new ApiClient();
    expect((await client.get("/api/social/auth/myspace/url?intent=login")).status).toBe(400);
    expect((await client.get("/api/social/auth/google/url?intent=hack")).status).toBe(400);
  });
});
