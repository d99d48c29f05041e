import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { answerConsent, type ConsentChoice } from "../../../sandbox/testing";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** The sandbox's X OAuth 2.0 (PKCE) and API v2, used the way lib/networks/twitter/server/index.ts uses the real ones. */

const CLIENT_ID = "sandbox-twitter-client";
const CLIENT_SECRET = "sandbox-twitter-secret";
const REDIRECT_URI = "http://127.0.0.1:3999/api/social/callback/twitter";
const SCOPES = "tweet.read tweet.write users.read offline.access media.write";
const UNAUTHORIZED = { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" };
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;

const sandbox = ownSandbox();
let api: string;
beforeAll(() => {
  api = `${sandbox.url}/x/api`;
});

function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(extra: Record<string, string | null> = {}): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES,
    state: "x-state",
    code_challenge: "placeholder",
    code_challenge_method: "S256",
  });
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `${sandbox.url}/x/www/i/oauth2/authorize?${params}`;
}

async function tokenCall(fields: Record<string, string>, auth: "basic" | "public" = "basic") {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "basic") headers.authorization = BASIC;
  const body = new URLSearchParams({ ...fields, client_id: CLIENT_ID });
  const response = await fetch(`${api}/2/oauth2/token`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Consent with a fresh S256 pair: the token request fields that redeem the code. */
async function approvedCode(choice: ConsentChoice = {}, scope = SCOPES) {
  const { verifier, challenge } = pkcePair();
  const location = await answerConsent(authorizeUrl({ scope, code_challenge: challenge }), choice);
  const code = location.searchParams.get("code") ?? "";
  return { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
}

/** Consent, then the code exchange: the app's whole "connect X" round trip, minus the browser. */
async function connect(choice: ConsentChoice = {}, scope = SCOPES) {
  const tokens = await tokenCall(await approvedCode(choice, scope));
  expect(tokens.status).toBe(200);
  return tokens.body;
}

async function me(accessToken: unknown, fields = "profile_image_url,public_metrics,verified") {
  const response = await fetch(`${api}/2/users/me${fields ? `?user.fields=${fields}` : ""}`, {
    headers: { authorization: `Bearer ${String(accessToken)}` },
  });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

const refresh = (refreshToken: unknown) =>
  tokenCall({ grant_type: "refresh_token", refresh_token: String(refreshToken) });

describe("X authorize", () => {
  it("renders a consent page with Name and Username prefilled and Approve/Deny buttons", async () => {
    const response = await fetch(authorizeUrl());
    const markup = await response.text();
    expect(response.status).toBe(200);
    expect(markup).toContain("<title>Authorize app — X Platform sandbox</title>");
    expect(markup).toMatch(
      /<label for="consent-name">Name<\/label>\s*<input id="consent-name"[^>]*value="Sandbox Tweeter"/,
    );
    expect(markup).toMatch(
      /<label for="consent-username">Username<\/label>\s*<input id="consent-username"[^>]*value="sandboxtweeter"/,
    );
    expect(markup).not.toContain('name="email"');
    expect(markup).toMatch(/<button[^>]*value="approve">Approve<\/button>/);
    expect(markup).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
  });

  it.each([
    ["no code_challenge (PKCE is mandatory)", { code_challenge: null }, "code_challenge"],
    ["a bad code_challenge_method", { code_challenge_method: "S512" }, "code_challenge_method"],
    ["an unknown client", { client_id: "someone-else" }, "invalid_client"],
    ["no state", { state: null }, "state"],
    ["a state over 500 characters", { state: "s".repeat(501) }, "500"],
    ["an unknown scope", { scope: "tweet.read bogus.scope" }, "invalid_scope"],
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["a relative redirect_uri", { redirect_uri: "/callback" }, "redirect_uri"],
  ])("shows an error page instead of redirecting for %s", async (_, extra, text) => {
    const response = await fetch(authorizeUrl(extra), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain(text);
  });

  it("redirects back with a code and the state on approval", async () => {
    const location = await answerConsent(authorizeUrl());
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("code")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("x-state");
  });

  it("redirects back with error=access_denied and the state on Deny", async () => {
    const location = await answerConsent(authorizeUrl(), { decision: "deny" });
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "access_denied", state: "x-state" });
  });
});

describe("X token endpoint", () => {
  it("exchanges a code (Basic auth, PKCE S256) for a 2-hour bearer token and a refresh token", async () => {
    const tokens = await connect();
    expect(tokens).toEqual({
      token_type: "bearer",
      expires_in: 7200,
      access_token: expect.any(String),
      scope: SCOPES,
      refresh_token: expect.any(String),
    });
  });

  it("issues no refresh token without offline.access", async () => {
    const tokens = await connect({}, "tweet.read users.read");
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope).toBe("tweet.read users.read");
  });

  it("checks the PKCE verifier, requires one, and accepts X's own plain example", async () => {
    const location = await answerConsent(authorizeUrl({ code_challenge: pkcePair().challenge }));
    const code = location.searchParams.get("code") ?? "";
    const base = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
    expect(await tokenCall(base)).toEqual({
      status: 400,
      body: { error: "invalid_request", error_description: "Missing required parameter [code_verifier]." },
    });
    expect(await tokenCall({ ...base, code_verifier: pkcePair().verifier })).toEqual({
      status: 400,
      body: { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." },
    });

    // docs.x.com: code_challenge=challenge&code_challenge_method=plain, then code_verifier=challenge.
    const plain = await answerConsent(authorizeUrl({ code_challenge: "challenge", code_challenge_method: "plain" }));
    const redeemed = await tokenCall({
      ...base,
      code: plain.searchParams.get("code") ?? "",
      code_verifier: "challenge",
    });
    expect(redeemed.status).toBe(200);
  });

  it("takes a code once, and a second use kills what the first one issued", async () => {
    const fields = await approvedCode();
    const first = await tokenCall(fields);
    expect(first.status).toBe(200);
    expect(await tokenCall(fields)).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect((await me(first.body.access_token)).status).toBe(401);
  });

  it("refuses a different redirect_uri and a wrong secret, and accepts a public client's body client_id", async () => {
    const fields = await approvedCode();
    const wrongSecret = await fetch(`${api}/2/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString("base64")}` },
      body: new URLSearchParams(fields),
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "unauthorized_client" });
    // The wrong secret was refused before the code was looked at, so it is still good.
    const mismatch = await tokenCall({ ...fields, redirect_uri: "http://127.0.0.1:3999/elsewhere" }, "public");
    expect(mismatch).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const asPublic = await tokenCall(await approvedCode(), "public");
    expect(asPublic).toMatchObject({ status: 200, body: { token_type: "bearer" } });
  });

  it("rotates refresh tokens: each refresh returns new tokens and the old refresh token is refused", async () => {
    const tokens = await connect();
    const first = await refresh(tokens.refresh_token);
    expect(first).toMatchObject({
      status: 200,
      body: { token_type: "bearer", expires_in: 7200, scope: SCOPES, refresh_token: expect.any(String) },
    });
    expect(first.body.access_token).not.toBe(tokens.access_token);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(first.body.access_token)).status).toBe(200);

    const reused = await refresh(tokens.refresh_token);
    expect(reused).toEqual({
      status: 400,
      body: { error: "invalid_request", error_description: "Value passed for the token was invalid." },
    });
    expect((await refresh(first.body.refresh_token)).status).toBe(200);
    expect((await refresh("not-a-token")).status).toBe(400);
  });

  it("ends the grant on POST /2/oauth2/revoke", async () => {
    const tokens = await connect();
    const response = await fetch(`${api}/2/oauth2/revoke`, {
      method: "POST",
      headers: { authorization: BASIC },
      body: new URLSearchParams({ token: String(tokens.access_token), token_type_hint: "access_token" }),
    });
    expect(await response.json()).toEqual({ revoked: true });
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});

describe("X users/me", () => {
  it("describes the account with the asked-for fields and default metrics", async () => {
    const tokens = await connect();
    const { status, body } = await me(tokens.access_token);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: expect.stringMatching(/^\d{19}$/),
        name: "Sandbox Tweeter",
        username: "sandboxtweeter",
        profile_image_url: expect.stringMatching(/^http/),
        verified: false,
        public_metrics: expect.objectContaining({ followers_count: 1234, tweet_count: 56 }),
      },
    });
    expect((await me(tokens.access_token, "")).body).toEqual({
      data: { id: body.data.id, name: "Sandbox Tweeter", username: "sandboxtweeter" },
    });
  });

  it("gives the same username the same id, whatever the case, and another username another id", async () => {
    const idOf = async (username: string) => (await me((await connect({ username })).access_token)).body.data.id;
    const first = await idOf("ada_writes");
    expect(await idOf("Ada_Writes")).toBe(first);
    expect(await idOf("grace")).not.toBe(first);
  });

  it("answers X's 401 problem JSON to a missing, unknown or expired token", async () => {
    const none = await fetch(`${api}/2/users/me`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual(UNAUTHORIZED);
    expect(await me("bogus")).toEqual({ status: 401, type: "application/problem+json", body: UNAUTHORIZED });
    const tokens = await connect();
    await sandbox.control.advanceClock(7200);
    expect((await me(tokens.access_token)).body).toEqual(UNAUTHORIZED);
  });

  it("refuses an unknown user.fields value and a token without users.read", async () => {
    const tokens = await connect();
    const invalid = await me(tokens.access_token, "public_metrics,shoe_size");
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      title: "Invalid Request",
      errors: [{ parameters: { "user.fields": ["shoe_size"] } }],
    });
    const narrow = await connect({}, "tweet.read offline.access");
    expect((await me(narrow.access_token)).status).toBe(403);
  });
});

describe("X control API", () => {
  it("defines the next consent's account and its metrics", async () => {
    const defined = (await sandbox.control.defineTwitterUser({
      id: "1700000000000000001",
      name: "Ada Lovelace",
      username: "ada",
      followers_count: 99,
      tweet_count: 7,
    })) as { user: { id: string } };
    expect(defined.user.id).toBe("1700000000000000001");
    const markup = await (await fetch(authorizeUrl())).text();
    expect(markup).toMatch(/id="consent-name"[^>]*value="Ada Lovelace"/);
    expect(markup).toMatch(/id="consent-username"[^>]*value="ada"/);
    const { body } = await me((await connect()).access_token);
    expect(body.data).toMatchObject({
      id: "1700000000000000001",
      username: "ada",
      public_metrics: { followers_count: 99, tweet_count: 7 },
    });
    const bad = await fetch(`${sandbox.url}/_control/twitter/users`, {
      method: "POST",
      body: JSON.stringify({ username: "not a handle!" }),
    });
    expect(bad.status).toBe(400);
  });

  it("expire-token kills access tokens only: 401, then a refresh brings the account back", async () => {
    const tokens = await connect();
    const userId = (await me(tokens.access_token)).body.data.id as string;
    expect(await sandbox.control.expireTwitterTokens(userId)).toEqual({ userId, expiredTokens: 1 });
    expect((await me(tokens.access_token)).body).toEqual(UNAUTHORIZED);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect((await me(refreshed.body.access_token)).status).toBe(200);
  });

  it("revoke kills access and refresh tokens: 401, and the refresh is refused", async () => {
    const tokens = await connect();
    const userId = (await me(tokens.access_token)).body.data.id as string;
    expect(await sandbox.control.revokeTwitterTokens(userId)).toEqual({ userId, revokedTokens: 2 });
    expect((await me(tokens.access_token)).status).toBe(401);
    expect(await refresh(tokens.refresh_token)).toEqual({
      status: 400,
      body: { error: "invalid_request", error_description: "Value passed for the token was invalid." },
    });
    const unknown = await fetch(`${sandbox.url}/_control/twitter/users/123/revoke`, { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("lists X accounts and tokens in the state, and forgets them on reset", async () => {
    await connect({ username: "ada" });
    expect(await sandbox.control.state()).toMatchObject({
      twitter: { users: [expect.objectContaining({ username: "ada", followersCount: 1234 })] },
      tokens: { byPlatform: { twitter: { access: { issued: 1, active: 1 }, refresh: { issued: 1 } } } },
    });
    await sandbox.control.reset();
    expect(await sandbox.control.state()).toMatchObject({
      twitter: { users: [], nextUserId: null },
      tokens: { issued: 0 },
    });
  });
});
