import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { socialAccounts } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import {
  authorize,
  completeCallback,
  ResponseLog,
  sandbox,
  storedTokens,
  uid,
  type ConnectedAccountBody,
} from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

async function connectTwitter(client: Awaited<ReturnType<typeof registeredClient>>["client"], log?: ResponseLog) {
  const username = `ada_${uid()}`;
  const search = await authorize(client, "twitter", { name: "Ada on X", username }, log);
  const { userAccessToken, accountId } = await completeCallback(client, "twitter", search, log);
  const response = await (log ?? new ResponseLog()).record(
    client.post("/api/social/connect/twitter", { userAccessToken }),
  );
  expect(response.status, response.text).toBe(200);
  return { account: response.body.data as ConnectedAccountBody, username, twitterUserId: accountId };
}

describe("connecting X", () => {
  it("stores the profile as one page with its followers and never returns a token", async () => {
    const log = new ResponseLog();
    const { client } = await registeredClient();
    const { account, username } = await connectTwitter(client, log);
    expect(account).toMatchObject({
      platform: "twitter",
      accountHandle: username,
      followerCount: 1234,
      hasValidToken: true,
    });
    expect(account.pages).toHaveLength(1);
    expect((await log.record(client.get("/api/auth/me"))).body.stats).toMatchObject({
      totalConnectedPlatforms: 1,
      totalPages: 1,
    });

    const tokens = await storedTokens(account.id);
    expect(tokens).toHaveLength(2); // access and refresh token
    for (const { plaintext } of tokens) for (const body of log.bodies) expect(body).not.toContain(plaintext);
  });

  it("'Refresh Token' rotates the refresh token; a revoked grant marks the account expired", async () => {
    const { client } = await registeredClient();
    const { account, twitterUserId } = await connectTwitter(client);
    const before = await storedTokens(account.id);

    const refreshed = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const after = await storedTokens(account.id);
    expect(after.map((t) => t.plaintext)).not.toEqual(before.map((t) => t.plaintext));
    expect(after).toHaveLength(2);

    await sandbox().revokeTwitterTokens(twitterUserId);
    const refused = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Your Twitter/X authorization has expired or was revoked. Please reconnect your account.",
    );
    const [row] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(row?.hasValidToken).toBe(false);
    // The refresh token is kept (never overwritten with nothing), so a later retry is possible.
    expect(row?.refreshTokenEnc).toBeTruthy();
  });

  it("an expired access token is renewed before use by 'Refresh Data'", async () => {
    const { client } = await registeredClient();
    const { account, twitterUserId } = await connectTwitter(client);
    await sandbox().expireTwitterTokens(twitterUserId);
    await testDb()
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(socialAccounts.id, account.id));

    const response = await client.post(`/api/social/accounts/${account.id}/refresh`);
    expect(response.status, response.text).toBe(200);
    expect((response.body.data as ConnectedAccountBody).hasValidToken).toBe(true);
  });
});

describe("connecting LinkedIn", () => {
  it("connects the member profile through connect-profile", async () => {
    const { client } = await registeredClient();
    const search = await authorize(client, "linkedin", { name: "Ada on LinkedIn", email: `ada-${uid()}@example.com` });
    const { userAccessToken } = await completeCallback(client, "linkedin", search);
    const response = await client.post("/api/social/linkedin/connect-profile", { userAccessToken, userData: {} });
    expect(response.status, response.text).toBe(200);
    const account = response.body.data as ConnectedAccountBody;
    expect(account).toMatchObject({ platform: "linkedin", hasValidToken: true, followerCount: null });
    expect(account.pages.map((page) => page.name)).toEqual(["Ada on LinkedIn"]);
    // LinkedIn does not give a member's followers: not available, never 0, on the page and in the totals.
    expect(account.pages.map((page) => page.followerCount)).toEqual([null]);
    const me = (await client.get("/api/auth/me")).body as {
      socialAccounts: { platform: string; totalFollowers: number | null }[];
      stats: { totalFollowers: number | null };
    };
    expect(me.socialAccounts).toMatchObject([{ platform: "linkedin", totalFollowers: null }]);
    expect(me.stats.totalFollowers).toBeNull();
  });

  it("without partner refresh tokens, 'Refresh Token' asks for a reconnect and changes nothing", async () => {
    const { client } = await registeredClient();
    const search = await authorize(client, "linkedin", { email: `ada-${uid()}@example.com` });
    const { userAccessToken } = await completeCallback(client, "linkedin", search);
    const { body } = await client.post("/api/social/connect/linkedin", { userAccessToken });
    const account = body.data as ConnectedAccountBody;

    const response = await client.post(`/api/social/accounts/${account.id}/refresh-token`);
    expect(response.status).toBe(409);
    expect(response.body.error).toContain("Please reconnect your account");
  });

  it("a callback with LinkedIn's denial shows the error", async () => {
    const { client } = await registeredClient();
    const search = await authorize(client, "linkedin", { decision: "deny" });
    expect(new URLSearchParams(search).get("code")).toBeNull();
    const response = await client.get(`/api/social/auth/linkedin/callback${search}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Authorization denied: user_cancelled_authorize");
  });
});
