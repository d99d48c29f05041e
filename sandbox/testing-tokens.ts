import { createHash, randomBytes } from "node:crypto";
import { answerConsent, type ConsentChoice } from "./testing";

/**
 * Publishing tokens without a browser or the app: each helper runs the platform's whole connect
 * flow against a running sandbox (consent, code exchange, …) and returns what posting needs.
 * For tests and benchmarks of publishing; sign-in tests drive the flows step by step instead.
 */

const redirectUri = (platform: string) => `http://127.0.0.1:3999/api/social/callback/${platform}`;

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url.split("?")[0]} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * The consent's user (the last one defined through defineFacebookUser) with all Pages ticked: a
 * 60-day user token and a never-expiring token per Page, by Page id.
 */
export async function facebookPageTokens(
  sandboxUrl: string,
  choice: ConsentChoice = {},
): Promise<{ user: string; pages: Record<string, string> }> {
  const graph = `${sandboxUrl}/facebook/graph/v20.0`;
  const params = new URLSearchParams({
    client_id: "sandbox-facebook-client",
    redirect_uri: redirectUri("facebook"),
    state: "publish",
    scope: "pages_show_list,pages_manage_posts,pages_read_engagement,read_insights",
  });
  const location = await answerConsent(`${sandboxUrl}/facebook/www/v20.0/dialog/oauth?${params}`, choice);
  const client = { client_id: "sandbox-facebook-client", client_secret: "sandbox-facebook-secret" };
  const code = location.searchParams.get("code") ?? "";
  const short = await fetchJson(
    `${graph}/oauth/access_token?${new URLSearchParams({ ...client, redirect_uri: redirectUri("facebook"), code })}`,
  );
  const exchange = { ...client, grant_type: "fb_exchange_token", fb_exchange_token: String(short.access_token) };
  const user = String((await fetchJson(`${graph}/oauth/access_token?${new URLSearchParams(exchange)}`)).access_token);
  const accounts = await fetchJson(`${graph}/me/accounts?access_token=${encodeURIComponent(user)}`);
  const pages = accounts.data as { id: string; access_token: string }[];
  return { user, pages: Object.fromEntries(pages.map((page) => [page.id, page.access_token])) };
}

/** An X access token with every scope publishing needs, and the account's user id. */
export async function twitterToken(
  sandboxUrl: string,
  username = "sandboxtweeter",
): Promise<{ token: string; userId: string }> {
  const token = await twitterTokenWithScopes(
    sandboxUrl,
    username,
    "tweet.read tweet.write users.read offline.access media.write",
  );
  const me = await fetchJson(`${sandboxUrl}/x/api/2/users/me`, { headers: { authorization: `Bearer ${token}` } });
  return { token, userId: String((me.data as { id: string }).id) };
}

/** An X access token granted exactly `scope` (space-separated), through the whole connect flow. */
export async function twitterTokenWithScopes(sandboxUrl: string, username: string, scope: string): Promise<string> {
  const verifier = randomBytes(32).toString("base64url");
  const params = new URLSearchParams({
    response_type: "code",
    client_id: "sandbox-twitter-client",
    redirect_uri: redirectUri("twitter"),
    scope,
    state: "publish",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const location = await answerConsent(`${sandboxUrl}/x/www/i/oauth2/authorize?${params}`, { username });
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: location.searchParams.get("code") ?? "",
    redirect_uri: redirectUri("twitter"),
    code_verifier: verifier,
    client_id: "sandbox-twitter-client",
  });
  return String((await fetchJson(`${sandboxUrl}/x/api/2/oauth2/token`, { method: "POST", body })).access_token);
}

/**
 * A LinkedIn access token with w_member_social, and the member's sub (author `urn:li:person:{sub}`).
 * `partner`: through the app approved for the restricted scopes, also granted r_member_social;
 * `scope`: other scopes than those.
 */
export async function linkedInToken(
  sandboxUrl: string,
  choice: ConsentChoice = {},
  { partner = false, scope }: { partner?: boolean; scope?: string } = {},
): Promise<{ token: string; sub: string; scopes: string[] }> {
  const clientId = partner ? "sandbox-linkedin-partner-client" : "sandbox-linkedin-client";
  const params = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri("linkedin"),
    state: "publish",
    scope: scope ?? `openid profile email w_member_social${partner ? " r_member_social" : ""}`,
  });
  const location = await answerConsent(`${sandboxUrl}/linkedin/www/oauth/v2/authorization?${params}`, choice);
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: location.searchParams.get("code") ?? "",
    redirect_uri: redirectUri("linkedin"),
    client_id: clientId,
    client_secret: partner ? "sandbox-linkedin-partner-secret" : "sandbox-linkedin-secret",
  });
  const tokens = await fetchJson(`${sandboxUrl}/linkedin/www/oauth/v2/accessToken`, { method: "POST", body });
  const token = String(tokens.access_token);
  const info = await fetchJson(`${sandboxUrl}/linkedin/api/v2/userinfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, sub: String(info.sub), scopes: String(tokens.scope).split(",") };
}
