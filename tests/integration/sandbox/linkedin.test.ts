import { createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LINKEDIN_VERSION, LINKEDIN_VERSIONS } from "@/lib/networks/server/api-versions";
import { answerConsent, type ConsentChoice } from "../../../sandbox/testing";
import { linkedInToken } from "../../../sandbox/testing-tokens";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** The sandbox's Sign In with LinkedIn (OIDC) and /v2/userinfo, used the way lib/networks/linkedin/server/index.ts uses them. */

const CLIENT_ID = "sandbox-linkedin-client";
const CLIENT_SECRET = "sandbox-linkedin-secret";
const REDIRECT_URI = "http://127.0.0.1:3999/api/social/callback/linkedin";
const SCOPES = "openid profile email w_member_social";
const DAY = 24 * 3600;
const INVALID = { serviceErrorCode: 65600, message: "Invalid access token", status: 401 };

const sandbox = ownSandbox();
let issuer: string;
beforeAll(() => {
  issuer = `${sandbox.url}/linkedin/www/oauth`;
});

function authorizeUrl(extra: Record<string, string | null> = {}): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: "li-state",
    scope: SCOPES,
  });
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `${issuer}/v2/authorization?${params}`;
}

async function tokenCall(fields: Record<string, string>, init: RequestInit = {}) {
  const body = new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...fields });
  const response = await fetch(`${issuer}/v2/accessToken`, { method: "POST", body, ...init });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signIn(choice: ConsentChoice = {}) {
  const location = await answerConsent(authorizeUrl(), choice);
  const code = location.searchParams.get("code") ?? "";
  const tokens = await tokenCall({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

async function userinfo(accessToken: unknown) {
  const response = await fetch(`${sandbox.url}/linkedin/api/v2/userinfo`, {
    headers: { authorization: `Bearer ${String(accessToken)}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refresh = (refreshToken: unknown) =>
  tokenCall({ grant_type: "refresh_token", refresh_token: String(refreshToken) });

function decodeJwt(jwt: string) {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload), input: `${header}.${payload}`, signature };
}

describe("LinkedIn OpenID metadata", () => {
  it("publishes LinkedIn's discovery document under the sandbox's hosts", async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(await response.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/v2/authorization`,
      token_endpoint: `${issuer}/v2/accessToken`,
      userinfo_endpoint: `${sandbox.url}/linkedin/api/v2/userinfo`,
      jwks_uri: `${issuer}/openid/jwks`,
      id_token_signing_alg_values_supported: ["RS256"],
    });
  });
});

describe("LinkedIn authorize", () => {
  it("renders a consent page with Name and Email prefilled and Approve/Deny buttons", async () => {
    const response = await fetch(authorizeUrl());
    const markup = await response.text();
    expect(response.status).toBe(200);
    expect(markup).toContain("<title>Sign in with LinkedIn — Platform sandbox</title>");
    expect(markup).toMatch(
      /<label for="consent-name">Name<\/label>\s*<input id="consent-name"[^>]*value="Sandbox Member"/,
    );
    expect(markup).toMatch(
      /<label for="consent-email">Email<\/label>\s*<input id="consent-email"[^>]*value="sandbox.member@example.com"/,
    );
    expect(markup).toMatch(/>Approve<\/button>/);
    expect(markup).toMatch(/>Deny<\/button>/);
  });

  it("shows an error page for an unknown client or a bad redirect_uri", async () => {
    const cases: Record<string, string>[] = [{ client_id: "nope" }, { redirect_uri: "not a url" }];
    for (const extra of cases) {
      const response = await fetch(authorizeUrl(extra), { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    }
  });

  it.each([
    ["a scope without openid", { scope: "profile email" }, "invalid_scope"],
    ["an unknown scope", { scope: "openid r_liteprofile" }, "unauthorized_scope_error"],
    ["no state", { state: null }, "invalid_request"],
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
  ])("redirects back with an error for %s", async (_, extra, error) => {
    const response = await fetch(authorizeUrl(extra), { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe(error);
    expect(location.searchParams.get("error_description")).toBeTruthy();
  });

  it("redirects with a code and the state on approval, and LinkedIn's cancel error on Deny", async () => {
    const approved = await answerConsent(authorizeUrl());
    expect(`${approved.origin}${approved.pathname}`).toBe(REDIRECT_URI);
    expect(approved.searchParams.get("code")).toMatch(/^AQ/);
    expect(approved.searchParams.get("state")).toBe("li-state");
    const denied = await answerConsent(authorizeUrl(), { decision: "deny" });
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: "user_cancelled_authorize",
      error_description: "The user cancelled the authorization",
      state: "li-state",
    });
  });
});

describe("LinkedIn token endpoint", () => {
  it("returns a 60-day token and an RS256 id_token that verifies against the JWKS", async () => {
    const tokens = await signIn({ name: "Ada King Lovelace", email: "Ada@Example.com" });
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^AQV/),
      expires_in: 5184000,
      scope: "openid,profile,email,w_member_social",
      token_type: "Bearer",
      id_token: expect.any(String),
    });
    const jwt = decodeJwt(String(tokens.id_token));
    const jwks = (await (await fetch(`${issuer}/openid/jwks`)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = jwks.keys.find((key) => key.kid === jwt.header.kid);
    expect(jwt.header.alg).toBe("RS256");
    const publicKey = createPublicKey({ key: jwk as JsonWebKey, format: "jwk" });
    expect(verify("sha256", Buffer.from(jwt.input), publicKey, Buffer.from(jwt.signature, "base64url"))).toBe(true);
    expect(jwt.payload).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      name: "Ada King Lovelace",
      given_name: "Ada",
      family_name: "King Lovelace",
      email: "ada@example.com",
      email_verified: "true",
    });
  });

  it("wants the client secret in the body, takes a code once and checks the redirect_uri", async () => {
    const code = (await answerConsent(authorizeUrl())).searchParams.get("code") ?? "";
    const fields = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
    const basic = await fetch(`${issuer}/v2/accessToken`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}` },
      body: new URLSearchParams(fields),
    });
    expect(basic.status).toBe(400);
    expect(await basic.json()).toEqual({
      error: "invalid_request",
      error_description: 'A required parameter "client_id" is missing',
    });
    expect(await tokenCall({ ...fields, client_secret: "nope" })).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    expect((await tokenCall(fields)).status).toBe(200);
    expect(await tokenCall(fields)).toMatchObject({ status: 400, body: { error: "invalid_request" } });

    const other = (await answerConsent(authorizeUrl())).searchParams.get("code") ?? "";
    const mismatch = await tokenCall({ ...fields, code: other, redirect_uri: "http://127.0.0.1:3999/elsewhere" });
    expect(mismatch).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("gives no refresh token outside partner mode, and refuses any refresh", async () => {
    const tokens = await signIn();
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.refresh_token_expires_in).toBeUndefined();
    expect(await refresh("AQWnope")).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("in partner mode refreshes with the same refresh token, whose year is never extended", async () => {
    expect(await sandbox.control.setLinkedInSettings({ partnerRefreshTokens: true })).toEqual({
      partnerRefreshTokens: true,
    });
    const tokens = await signIn();
    expect(tokens).toMatchObject({ refresh_token: expect.stringMatching(/^AQW/), refresh_token_expires_in: 31536000 });

    await sandbox.control.advanceClock(59 * DAY);
    const day59 = await refresh(tokens.refresh_token);
    expect(day59).toMatchObject({
      status: 200,
      body: { expires_in: 5184000, refresh_token: tokens.refresh_token, token_type: "Bearer" },
    });
    expect(day59.body.access_token).not.toBe(tokens.access_token);
    expect(Number(day59.body.refresh_token_expires_in)).toBeGreaterThan(306 * DAY - 60);
    expect(Number(day59.body.refresh_token_expires_in)).toBeLessThanOrEqual(306 * DAY);
    expect((await userinfo(day59.body.access_token)).status).toBe(200);

    await sandbox.control.advanceClock(301 * DAY);
    const day360 = await refresh(tokens.refresh_token);
    // The access token cannot outlive the refresh token: both end on day 365.
    expect(Number(day360.body.expires_in)).toBeLessThanOrEqual(5 * DAY);
    expect(day360.body.expires_in).toBe(day360.body.refresh_token_expires_in);

    await sandbox.control.advanceClock(6 * DAY);
    expect(await refresh(tokens.refresh_token)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
  });
});

describe("LinkedIn userinfo", () => {
  it("describes the member, with a sub that stays the same for the same e-mail", async () => {
    const tokens = await signIn({ name: "Grace Hopper", email: "grace@example.com" });
    const { status, body } = await userinfo(tokens.access_token);
    expect(status).toBe(200);
    expect(body).toEqual({
      sub: expect.any(String),
      name: "Grace Hopper",
      given_name: "Grace",
      family_name: "Hopper",
      picture: expect.stringMatching(/^http/),
      locale: { country: "US", language: "en" },
      email: "grace@example.com",
      email_verified: true,
    });
    expect(decodeJwt(String(tokens.id_token)).payload.sub).toBe(body.sub);
    const again = await userinfo((await signIn({ name: "G. Hopper", email: "GRACE@example.com" })).access_token);
    expect(again.body.sub).toBe(body.sub);
    const other = await userinfo((await signIn({ email: "ada@example.com" })).access_token);
    expect(other.body.sub).not.toBe(body.sub);
  });

  it("answers 401/65600 to an unknown, missing or expired token", async () => {
    expect(await userinfo("AQVnope")).toEqual({ status: 401, body: INVALID });
    const none = await fetch(`${sandbox.url}/linkedin/api/v2/userinfo`);
    expect(none.status).toBe(401);
    const tokens = await signIn();
    await sandbox.control.advanceClock(60 * DAY);
    expect(await userinfo(tokens.access_token)).toEqual({ status: 401, body: INVALID });
  });
});

describe("LinkedIn control API", () => {
  it("expire-token makes the member's access tokens answer 65600, while a partner refresh still works", async () => {
    await sandbox.control.setLinkedInSettings({ partnerRefreshTokens: true });
    const tokens = await signIn();
    const sub = String((await userinfo(tokens.access_token)).body.sub);
    expect(await sandbox.control.expireLinkedInTokens(sub)).toEqual({ sub, expiredTokens: 1 });
    expect(await userinfo(tokens.access_token)).toEqual({ status: 401, body: INVALID });
    const refreshed = await refresh(tokens.refresh_token);
    expect((await userinfo(refreshed.body.access_token)).status).toBe(200);
  });

  it("revoke makes tokens answer 65601 REVOKED_ACCESS_TOKEN and ends refreshing", async () => {
    await sandbox.control.setLinkedInSettings({ partnerRefreshTokens: true });
    const tokens = await signIn();
    const sub = String((await userinfo(tokens.access_token)).body.sub);
    expect(await sandbox.control.revokeLinkedInTokens(sub)).toEqual({ sub, revokedTokens: 2 });
    expect(await userinfo(tokens.access_token)).toEqual({
      status: 401,
      body: {
        status: 401,
        serviceErrorCode: 65601,
        code: "REVOKED_ACCESS_TOKEN",
        message: "The token used in the request has been revoked by the user",
      },
    });
    expect(await refresh(tokens.refresh_token)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const unknown = await fetch(`${sandbox.url}/_control/linkedin/members/nobody/revoke`, { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("shows settings and members in the state, rejects bad settings and forgets all on reset", async () => {
    await sandbox.control.setLinkedInSettings({ partnerRefreshTokens: true });
    await signIn({ email: "ada@example.com" });
    expect(await sandbox.control.state()).toMatchObject({
      linkedin: {
        settings: { partnerRefreshTokens: true },
        members: [expect.objectContaining({ email: "ada@example.com" })],
      },
    });
    const bad = await fetch(`${sandbox.url}/_control/linkedin/settings`, { method: "POST", body: "{}" });
    expect(bad.status).toBe(400);
    await sandbox.control.reset();
    expect(await sandbox.control.state()).toMatchObject({
      linkedin: { settings: { partnerRefreshTokens: false }, members: [] },
    });
  });
});

describe("LinkedIn-Version", () => {
  /**
   * Only months LinkedIn released are served (learn.microsoft.com/linkedin/marketing/integrations/
   * migrations goes from 202511 to 202601: there was no 202512), until their sunset date.
   */
  async function postWith(version: string) {
    const { token, sub } = await linkedInToken(sandbox.url);
    const response = await fetch(`${sandbox.url}/linkedin/api/rest/posts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "LinkedIn-Version": version,
        "X-Restli-Protocol-Version": "2.0.0",
      },
      body: JSON.stringify({
        author: `urn:li:person:${sub}`,
        commentary: `Versioned ${version}`,
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      }),
    });
    return { status: response.status, body: response.status === 201 ? null : ((await response.json()) as unknown) };
  }

  it("refuses a month LinkedIn never released (202512) and an unpublished patch release with 426", async () => {
    expect(await postWith("202512")).toEqual({
      status: 426,
      body: { status: 426, code: "NONEXISTENT_VERSION", message: "Requested version 20251201 is not active" },
    });
    expect(await postWith("202602.01")).toEqual({
      status: 426,
      body: { status: 426, code: "NONEXISTENT_VERSION", message: "Requested version 20260201 is not active" },
    });
  });

  it("refuses a sunset version (202511 ended on 16 Nov 2026) and serves the default, a released live one", async () => {
    expect(await postWith("202511")).toMatchObject({ status: 426, body: { code: "NONEXISTENT_VERSION" } });
    expect(DEFAULT_LINKEDIN_VERSION in LINKEDIN_VERSIONS).toBe(true);
    expect(await postWith(DEFAULT_LINKEDIN_VERSION)).toEqual({ status: 201, body: null });
  });
});
