import { renderConsentPage, renderErrorPage } from "../../consent-page";
import { findClient, isValidRedirectUri, parsePkceMethod, splitScopes } from "../../oauth";
import { html, redirect, withQuery } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import { registerTwitterApi } from "./api";
import { xBillingState } from "./billing";
import { registerTwitterControl } from "./control";
import { xLimitsState } from "./limits";
import { registerTwitterMedia } from "./media";
import { registerTwitterMetrics } from "./metrics";
import { registerTwitterPublish } from "./publish";
import { USERNAME, accountForConsent, consentIdentity, twitterState } from "./state";
import { registerTwitterToken } from "./token";

/**
 * X (Twitter) OAuth 2.0 with PKCE: the authorize screen under /x/www (x.com), the token endpoint
 * and API v2 under /x/api (api.x.com). The store calls the platform "twitter", as the client ids
 * and lib/networks/ do.
 */

const TITLE = "Authorize app — X Platform sandbox";
/**
 * X's codes are short-lived (its docs speak of 30 seconds). Ten minutes here, because a dev server
 * compiling the callback route on first use can take longer than that, and the test is not about it.
 */
const CODE_TTL_SECONDS = 600;
/** X refuses longer state values (seen in the wild with JWT-sized states). */
const MAX_STATE_LENGTH = 500;

/**
 * The scopes X knows, with the wording of its own consent screen: those of X's OpenAPI spec
 * (securitySchemes.OAuth2UserToken), plus users.email (docs.x.com, OAuth 2.0 scopes).
 */
const SCOPES: Record<string, string> = {
  "tweet.read": "Posts you can view, including posts from protected accounts.",
  "tweet.write": "Post and repost for you.",
  "tweet.moderate.write": "Hide and unhide replies to your posts.",
  "users.read": "Any account you can view, including protected accounts.",
  "users.email": "Your email address.",
  "follows.read": "People who follow you and people you follow.",
  "follows.write": "Follow and unfollow people for you.",
  "offline.access": "Stay connected to your account until you revoke access.",
  "space.read": "All the Spaces you can view.",
  "mute.read": "Accounts you've muted.",
  "mute.write": "Mute and unmute accounts for you.",
  "like.read": "Posts you've liked and likes you can view.",
  "like.write": "Like and unlike posts for you.",
  "list.read": "Lists, list members, and list followers of lists you've created or are a member of.",
  "list.write": "Create and manage Lists for you.",
  "block.read": "Accounts you've blocked.",
  "block.write": "Block and unblock accounts for you.",
  "bookmark.read": "Posts you've bookmarked.",
  "bookmark.write": "Bookmark and remove bookmarks from posts.",
  "media.write": "Upload media for you.",
  "dm.read": "All your Direct Messages.",
  "dm.write": "Send and manage Direct Messages for you.",
  "broadcast.read": "View your live broadcasts and their chat.",
  "broadcast.write": "Manage your live broadcasts and send chat messages for you.",
  "timeline.read": "All the Custom Timelines you can view.",
};

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge: string;
  codeChallengeMethod: "plain" | "S256";
}

type Parsed = { ok: true; request: AuthorizeRequest } | { ok: false; error: string; description: string };

/** X never redirects a malformed request back: it shows its "Something went wrong" page. */
function parseAuthorizeRequest(params: URLSearchParams): Parsed {
  const fail = (error: string, description: string): Parsed => ({ ok: false, error, description });
  const missing = (name: string) => fail("invalid_request", `Missing required parameter [${name}].`);
  const clientId = params.get("client_id");
  if (!clientId) return missing("client_id");
  if (!findClient("twitter", clientId)) return fail("invalid_client", "Client application is not registered.");
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return missing("redirect_uri");
  if (!isValidRedirectUri(redirectUri)) return fail("invalid_request", `Invalid redirect_uri: ${redirectUri}`);
  const responseType = params.get("response_type");
  if (!responseType) return missing("response_type");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  const scopes = splitScopes(params.get("scope"));
  if (scopes.length === 0) return missing("scope");
  const unknown = scopes.filter((scope) => !(scope in SCOPES));
  if (unknown.length > 0) return fail("invalid_scope", `Unknown scope: ${unknown.join(" ")}`);
  const state = params.get("state");
  if (!state) return missing("state");
  if (state.length > MAX_STATE_LENGTH)
    return fail("invalid_request", `state must be at most ${MAX_STATE_LENGTH} characters.`);
  // PKCE is mandatory on X, for confidential clients too.
  const codeChallenge = params.get("code_challenge");
  if (!codeChallenge) return missing("code_challenge");
  const method = parsePkceMethod(params.get("code_challenge_method"));
  if (method === "invalid") return fail("invalid_request", "code_challenge_method must be S256 or plain.");
  return {
    ok: true,
    // RFC 7636 §4.3: without a method the challenge is plain.
    request: { clientId, redirectUri, state, scopes, codeChallenge, codeChallengeMethod: method ?? "plain" },
  };
}

const errorPage = (error: string, description: string) =>
  html(400, renderErrorPage(TITLE, "Something went wrong", error, description));

function consentFields(name: string, username: string) {
  return [
    { name: "name", label: "Name", type: "text" as const, value: name, autocomplete: "name", required: true },
    {
      name: "username",
      label: "Username",
      type: "text" as const,
      value: username,
      autocomplete: "username",
      required: true,
    },
  ];
}

function showConsent(ctx: RequestContext) {
  const parsed = parseAuthorizeRequest(ctx.query);
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  const identity = consentIdentity(ctx.store);
  return html(
    200,
    renderConsentPage({
      title: TITLE,
      heading: `${request.clientId} wants to access your X account`,
      accent: "#0f1419",
      intro: "Things this App will be able to view and do:",
      permissions: request.scopes.map((scope) => SCOPES[scope] ?? scope),
      action: `${ctx.baseUrl}/x/www/i/oauth2/authorize/decision`,
      hidden: { request: ctx.query.toString() },
      fields: consentFields(identity.name, identity.username),
    }),
  );
}

async function decide(ctx: RequestContext) {
  const form = await ctx.form();
  const parsed = parseAuthorizeRequest(new URLSearchParams(form.get("request") ?? ""));
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  if (form.get("decision") !== "approve")
    return redirect(withQuery(request.redirectUri, { error: "access_denied", state: request.state }));

  const name = (form.get("name") ?? "").trim();
  const username = (form.get("username") ?? "").trim().replace(/^@/, "");
  if (!name || name.length > 50 || !USERNAME.test(username))
    return errorPage("invalid_request", "Enter a name and a username of 1–15 letters, digits or underscores.");

  const user = accountForConsent(ctx.store, name, username);
  const code = ctx.store.issueCode(
    {
      platform: "twitter",
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      subject: user.id,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      data: {},
    },
    CODE_TTL_SECONDS,
  );
  return redirect(withQuery(request.redirectUri, { state: request.state, code: code.value }));
}

export const twitter: SandboxModule = {
  name: "twitter",
  register(router, store) {
    store.register(twitterState);
    store.register(xLimitsState);
    store.register(xBillingState);
    router.get("/x/www/i/oauth2/authorize", showConsent).post("/x/www/i/oauth2/authorize/decision", decide);
    registerTwitterToken(router);
    registerTwitterApi(router);
    registerTwitterPublish(router);
    registerTwitterMedia(router);
    registerTwitterMetrics(router);
    registerTwitterControl(router);
  },
};
