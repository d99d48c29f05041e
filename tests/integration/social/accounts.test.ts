import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import {
  authorize,
  completeCallback,
  connectFacebook,
  defineFacebookUser,
  ResponseLog,
  sandbox,
  storedTokens,
  type ConnectedAccountBody,
} from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

describe("connecting Facebook Pages", () => {
  it("connects exactly the chosen pages, stores tokens encrypted, and never returns a token", async () => {
    const log = new ResponseLog();
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2), log);

    expect(account.platform).toBe("facebook");
    expect(account.pages.map((page) => page.pageId)).toEqual(fbUser.pages.slice(0, 2).map((page) => page.id));
    expect(account.pages.every((page) => page.hasValidToken)).toBe(true);

    const me = await log.record(client.get("/api/auth/me"));
    expect(me.body.stats).toMatchObject({ totalConnectedPlatforms: 1, totalPages: 2, totalFollowers: 1500 + 3000 });
    const list = await log.record(client.get("/api/social/accounts"));
    expect((list.body.data as ConnectedAccountBody[]).map((a) => a.id)).toEqual([account.id]);
    await log.record(client.get(`/api/social/accounts/${account.id}`));
    await log.record(client.post(`/api/social/accounts/${account.id}/refresh`));
    await log.record(client.post(`/api/social/accounts/${account.id}/refresh-token`));
    await log.record(client.post(`/api/social/accounts/${account.id}/test`));
    await log.record(client.put(`/api/social/accounts/${account.id}`, { displayName: "Renamed" }));

    const tokens = await storedTokens(account.id);
    expect(tokens.length).toBe(3); // the user token and two page tokens
    for (const { ciphertext, plaintext } of tokens) {
      expect(plaintext.length).toBeGreaterThan(8);
      expect(ciphertext).not.toContain(plaintext);
      for (const body of log.bodies) expect(body).not.toContain(plaintext);
    }
    const disconnected = await log.record(client.delete(`/api/social/accounts/${account.id}`));
    expect(disconnected.status).toBe(200);
    for (const { plaintext } of tokens) expect(disconnected.text).not.toContain(plaintext);
    expect(log.bodies.join("\n")).not.toMatch(
      /"(access_token|accessToken|refresh_token|refreshToken|accessTokenEnc)"\s*:/,
    );
  });

  it("refuses connect-pages with no pages, and a connection handle used twice", async () => {
    const { client } = await registeredClient();
    await defineFacebookUser();
    const { userAccessToken } = await completeCallback(client, "facebook", await authorize(client, "facebook"));

    for (const pages of [[], undefined]) {
      const response = await client.post("/api/social/facebook/connect-pages", { userAccessToken, pages });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("Please select at least one page to connect");
    }
    const listed = await client.post("/api/social/facebook/pages", { userAccessToken });
    const firstPage = (listed.body.data as { id: string }[])[0]!.id;
    expect(
      (await client.post("/api/social/facebook/connect-pages", { userAccessToken, pages: [firstPage] })).status,
    ).toBe(200);
    const again = await client.post("/api/social/facebook/connect-pages", { userAccessToken, pages: [firstPage] });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("connection_expired");
  });
});

describe("permissions declined in Facebook's dialog", () => {
  it("a connection without pages_manage_posts is refused with a message naming it, and stores nothing", async () => {
    const { client } = await registeredClient();
    await defineFacebookUser(2);
    const search = await authorize(client, "facebook", { declinePermissions: ["pages_manage_posts"] });
    const response = await client.get(`/api/social/auth/facebook/callback${search}`);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: "permissions_declined",
      error:
        "Facebook did not grant pages_manage_posts, which Postloom needs to publish to your Pages. Connect again and leave that permission ticked.",
    });
    expect((await client.get("/api/social/accounts")).body.data).toEqual([]);
  });
});

describe("the OAuth callback", () => {
  it("needs a code, a platform and no error", async () => {
    const { client } = await registeredClient();
    const noCode = await client.get("/api/social/auth/facebook/callback?state=abc");
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe("Authorization code not received");

    const denied = await client.get("/api/social/auth/twitter/callback?error=access_denied&state=abc");
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe("Authorization denied: access_denied");

    const noPlatform = await client.get("/api/social/auth/callback?code=abc&state=def");
    expect(noPlatform.status).toBe(400);
    expect(noPlatform.body.error).toBe("Platform not specified");

    const unknown = await client.get("/api/social/auth/myspace/callback?code=abc&state=def");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Platform not supported");
  });

  it("refuses a forged state, a replayed state and another user's state", async () => {
    const { client } = await registeredClient();
    await defineFacebookUser();
    const search = await authorize(client, "facebook");
    const params = new URLSearchParams(search);

    const forged = new URLSearchParams(params);
    forged.set("state", `${params.get("state")!.split(".")[0]}.forged-signature`);
    expect((await client.get(`/api/social/auth/facebook/callback?${forged}`)).body.code).toBe("invalid_state");

    const other = await registeredClient();
    expect((await other.client.get(`/api/social/auth/facebook/callback${search}`)).body.code).toBe("invalid_state");

    expect((await client.get(`/api/social/auth/facebook/callback${search}`)).status).toBe(200);
    const replay = await client.get(`/api/social/auth/facebook/callback${search}`);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("invalid_state");
  });

  it("requires a session to start or finish a connection", async () => {
    const anonymous = new ApiClient();
    expect((await anonymous.get("/api/social/auth/facebook/url")).status).toBe(401);
    expect((await anonymous.get("/api/social/auth/facebook/callback?code=a&state=b")).status).toBe(401);
  });
});

describe("the order of pages", () => {
  it("an account's pages, and a post's, read in one order every time: by name when chosen together", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids, undefined, [
      "Zebra Café",
      "Alpha Books",
      "Mill Bakery",
    ]);
    const sorted = ["Alpha Books", "Mill Bakery", "Zebra Café"];
    expect(account.pages.map((page) => page.name)).toEqual(sorted);
    for (let read = 0; read < 5; read += 1) {
      const again = await client.get(`/api/social/accounts/${account.id}`);
      expect((again.body.data as ConnectedAccountBody).pages.map((page) => page.name)).toEqual(sorted);
    }

    const byName = new Map(account.pages.map((page) => [page.name, page]));
    const chosen = ["Zebra Café", "Mill Bakery", "Alpha Books"].map((name) => byName.get(name)!);
    const created = await client.post("/api/social/posts", {
      pages: chosen.map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
      content: "Three pages, one order",
    });
    expect(created.status, created.text).toBe(201);
    const postId = (created.body.post as { id: string }).id;
    for (let read = 0; read < 5; read += 1) {
      const post = await client.get(`/api/post/${postId}`);
      expect((post.body.post as { pages: { pageName: string }[] }).pages.map((page) => page.pageName)).toEqual(sorted);
    }
  });
});

describe("tokens", () => {
  it("an expired page token shows up on 'Refresh Data', and 'Refresh Token' restores it", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    await sandbox().expireFacebookPageToken(fbUser.pages[0]!.id);

    const refreshed = await client.post(`/api/social/accounts/${account.id}/refresh`);
    expect(refreshed.status).toBe(200);
    const after = refreshed.body.data as ConnectedAccountBody;
    expect(after.hasValidToken).toBe(false);
    expect(after.pages.map((page) => page.hasValidToken)).toEqual([false, true]);
    expect((await client.post(`/api/social/accounts/${account.id}/test`)).body.data).toEqual({ valid: false });

    const restored = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe("Token refreshed successfully");
    expect((restored.body.data as ConnectedAccountBody).pages.every((page) => page.hasValidToken)).toBe(true);
    expect((await client.post(`/api/social/accounts/${account.id}/test`)).body.data).toEqual({ valid: true });
  });

  it("a dead Facebook user token cannot be refreshed: the answer says to reconnect", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client);
    await sandbox().expireFacebookUserTokens(fbUser.id);

    const response = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      "Your Facebook authorization has expired or was revoked. Please reconnect your account.",
    );
    const [listed] = (await client.get("/api/social/accounts")).body.data as ConnectedAccountBody[];
    expect(listed?.hasValidToken).toBe(false);
  });
});

describe("ownership and disconnecting", () => {
  it("user B can neither list, read, rename, refresh, test nor delete user A's account", async () => {
    const a = await registeredClient();
    const { account } = await connectFacebook(a.client);
    const b = await registeredClient();

    expect((await b.client.get("/api/social/accounts")).body.data).toEqual([]);
    const attempts = [
      b.client.get(`/api/social/accounts/${account.id}`),
      b.client.put(`/api/social/accounts/${account.id}`, { displayName: "Mine now" }),
      b.client.post(`/api/social/accounts/${account.id}/refresh`),
      b.client.post(`/api/social/accounts/${account.id}/refresh-token`),
      b.client.post(`/api/social/accounts/${account.id}/test`),
      b.client.delete(`/api/social/accounts/${account.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("Account not found");
    }
    expect((await b.client.get("/api/social/accounts/not-a-uuid")).status).toBe(404);
    const still = await a.client.get(`/api/social/accounts/${account.id}`);
    expect(still.status).toBe(200);
    expect((still.body.data as { displayName: string }).displayName).not.toBe("Mine now");
  });

  it("disconnect removes the account, its pages and tokens", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client);
    const response = await client.delete(`/api/social/accounts/${account.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: "Account disconnected successfully",
      affectedScheduledPosts: 0,
    });
    expect((await client.get("/api/social/accounts")).body.data).toEqual([]);
    expect((await client.get("/api/auth/me")).body.stats).toMatchObject({ totalPages: 0 });
    expect(await storedTokens(account.id)).toEqual([]);
  });

  it("disconnect tells the scheduled posts of its pages that they need rescheduling", async () => {
    const { client, user } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const [kept, dropped] = account.pages as [ConnectedAccountBody["pages"][0], ConnectedAccountBody["pages"][0]];
    const db = testDb();
    const [post] = await db
      .insert(posts)
      .values({
        workspaceId: user.id,
        content: "Tomorrow's special",
        status: "scheduled",
        scheduledAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await db.insert(postTargets).values([
      { postId: post!.id, pageId: kept.id, type: "post", platform: "facebook", pageName: kept.name },
      { postId: post!.id, pageId: dropped.id, type: "post", platform: "facebook", pageName: dropped.name },
    ]);

    const response = await client.delete(`/api/social/accounts/${account.id}`);
    expect(response.body.affectedScheduledPosts).toBe(1);
    const [after] = await db.select().from(posts).where(eq(posts.id, post!.id));
    expect(after?.status).toBe("scheduled");
    expect(after?.failureReason).toMatch(/was disconnected\. Reconnect it and reschedule this post\./);
    const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post!.id));
    expect(targets).toHaveLength(2);
    for (const target of targets) {
      expect(target).toMatchObject({ pageId: null, status: "failed", errorCode: "account_disconnected" });
    }
  });

  it("one Page of a login goes on its own; the login's last Page takes the login with it", async () => {
    const { client, user } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const [kept, dropped] = account.pages as [ConnectedAccountBody["pages"][0], ConnectedAccountBody["pages"][0]];
    const db = testDb();
    const [post] = await db
      .insert(posts)
      .values({
        workspaceId: user.id,
        content: "Friday's bake",
        status: "scheduled",
        scheduledAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await db.insert(postTargets).values([
      { postId: post!.id, pageId: kept.id, type: "post", platform: "facebook", pageName: kept.name },
      { postId: post!.id, pageId: dropped.id, type: "post", platform: "facebook", pageName: dropped.name },
    ]);

    const other = await registeredClient();
    const refused = await other.client.delete(`/api/social/pages/${dropped.id}`);
    expect(refused.status).toBe(404);
    expect((await client.delete("/api/social/pages/not-a-uuid")).status).toBe(404);

    const response = await client.delete(`/api/social/pages/${dropped.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      message: "Page disconnected successfully",
      affectedScheduledPosts: 1,
      accountRemoved: false,
    });
    const [listed] = (await client.get("/api/social/accounts")).body.data as ConnectedAccountBody[];
    expect(listed?.pages.map((page) => page.id)).toEqual([kept.id]);
    expect(await storedTokens(account.id)).not.toEqual([]);
    const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post!.id));
    expect(targets.find((target) => target.pageName === kept.name)).toMatchObject({
      pageId: kept.id,
      status: "pending",
    });
    expect(targets.find((target) => target.pageName === dropped.name)).toMatchObject({
      pageId: null,
      status: "failed",
      errorMessage: `The Facebook Page "${dropped.name}" was disconnected. Reconnect it and reschedule this post.`,
    });

    const last = await client.delete(`/api/social/pages/${kept.id}`);
    expect(last.body).toMatchObject({ message: "Page disconnected successfully", accountRemoved: true });
    expect((await client.get("/api/social/accounts")).body.data).toEqual([]);
    expect(await storedTokens(account.id)).toEqual([]);
  });

  it("renames an account and refuses a bad body", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client);
    const renamed = await client.put(`/api/social/accounts/${account.id}`, { displayName: "  Bakery HQ " });
    expect((renamed.body.data as { displayName: string }).displayName).toBe("Bakery HQ");
    for (const body of [{ displayName: "" }, { displayName: 5 }, {}]) {
      const response = await client.put(`/api/social/accounts/${account.id}`, body);
      expect(response.status).toBe(400);
    }
  });
});

describe("plan limit", () => {
  it("the free plan connects at most 3 accounts; reconnecting an existing one is still allowed", async () => {
    const { client } = await registeredClient();
    const first = await connectFacebook(client);
    await connectFacebook(client);
    await connectFacebook(client);

    await defineFacebookUser();
    const fourth = await completeCallback(client, "facebook", await authorize(client, "facebook"));
    const pages = (await client.post("/api/social/facebook/pages", { userAccessToken: fourth.userAccessToken })).body
      .data as { id: string }[];
    const refused = await client.post("/api/social/facebook/connect-pages", {
      userAccessToken: fourth.userAccessToken,
      pages: [pages[0]!.id],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("account_limit_reached");

    await sandbox().defineFacebookUser({ id: first.fbUser.id, name: "Returning", pages: first.fbUser.pages });
    const again = await completeCallback(client, "facebook", await authorize(client, "facebook"));
    const reconnected = await client.post("/api/social/facebook/connect-pages", {
      userAccessToken: again.userAccessToken,
      pages: [first.fbUser.pages[0]!.id],
    });
    expect(reconnected.status, reconnected.text).toBe(200);
    expect((await client.get("/api/social/accounts")).body.data).toHaveLength(3);
  });
});
