import { avatarUrl } from "../../assets";
import { renderConsentPage, renderErrorPage } from "../../consent-page";
import { SigningKey } from "../../jwt";
import { findClient, isValidRedirectUri, parsePkceMethod, splitScopes } from "../../oauth";
import { html, json, redirect, withQuery } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import { registerLinkedInApi } from "./api";
import { registerLinkedInControl } from "./control";
import { linkedinLimitsState } from "./limits";
import { registerLinkedInMetrics } from "./metrics";
import { linkedinVideosState } from "./video-processing";
import { registerLinkedInPublish } from "./publish";
import { mayRequestScope } from "./scopes";
import { registerLinkedInVideos } from "./videos";
import { DEFAULT_LINKEDIN_IDENTITY, OAUTH, linkedinState, memberSub } from "./state";
import { registerLinkedInToken } from "./token";
import { isPlausibleEmail } from "../google/identity";

/**
 * Sign In with LinkedIn using OpenID Connect: OAuth and discovery under /linkedin/www
 * (www.linkedin.com; issuer `${base}/linkedin/www/oauth`), the API under /linkedin/api
 * (api.linkedin.com). No PKCE in the standard web flow, but a challenge, if sent, is checked.
 */

const TITLE = "Sign in with LinkedIn — Platform sandbox";
/** LinkedIn's codes live 30 minutes. */
const CODE_TTL_SECONDS = 1800;
const issuerFor = (ctx: RequestContext) => `${ctx.baseUrl}${OAUTH}`;

const SCOPES: Record<string, string> = {
  openid: "Use your LinkedIn account to sign in",
  profile: "Use your name and photo",
  email: "Use the primary email address associated with your LinkedIn account",
  w_member_social: "Create, modify, and delete posts, comments, and reactions on your behalf",
  r_member_social: "Retrieve your posts, comments, reactions, and other engagement data",
  r_member_postAnalytics: "Retrieve analytics for your posts",
  r_basicprofile: "Use your basic profile including your name, photo, headline, and public profile URL",
  w_organization_social: "Create, modify, and delete posts, comments, and reactions on your organization's behalf",
  r_organization_social: "Retrieve your organization's posts, comments, reactions, and other engagement data",
  rw_organization_admin: "Manage your organization's pages and retrieve reporting data",
};

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "plain" | "S256";
}

type Failure = { error: string; description: string };
/** Until client and redirect URI are known good, errors stay on LinkedIn's page; after that they go back. */
type Parsed =
  | { ok: true; request: AuthorizeRequest }
  | ({ ok: false; redirectTo?: undefined } & Failure)
  | ({ ok: false; redirectTo: { uri: string; state?: string } } & Failure);

function parseAuthorizeRequest(params: URLSearchParams): Parsed {
  const clientId = params.get("client_id");
  if (!clientId || !findClient("linkedin", clientId))
    return { ok: false, error: "invalid_client", description: "The passed in client_id is invalid." };
  const redirectUri = params.get("redirect_uri");
  if (!isValidRedirectUri(redirectUri))
    return {
      ok: false,
      error: "invalid_redirect_uri",
      description: "The redirect_uri does not match the registered value",
    };
  const state = params.get("state") ?? undefined;
  const fail = (error: string, description: string): Parsed => ({
    ok: false,
    error,
    description,
    redirectTo: { uri: redirectUri, state },
  });
  const missing = (name: string) => fail("invalid_request", `A required parameter "${name}" is missing`);
  const responseType = params.get("response_type");
  if (!responseType) return missing("response_type");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");
  if (!state) return missing("state");
  const scopes = splitScopes(params.get("scope"));
  if (scopes.length === 0) return missing("scope");
  const unknown = scopes.find((scope) => !(scope in SCOPES) || !mayRequestScope(clientId, scope));
  if (unknown) return fail("unauthorized_scope_error", `Scope "${unknown}" is not authorized for your application`);
  if (!scopes.includes("openid")) return fail("invalid_scope", 'Sign In with LinkedIn needs the "openid" scope');
  const method = parsePkceMethod(params.get("code_challenge_method"));
  if (method === "invalid") return fail("invalid_request", "code_challenge_method must be S256 or plain");
  const codeChallenge = params.get("code_challenge") || undefined;
  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      state,
      scopes,
      nonce: params.get("nonce") || undefined,
      codeChallenge,
      codeChallengeMethod: codeChallenge ? (method ?? "plain") : undefined,
    },
  };
}

function failure(parsed: Extract<Parsed, { ok: false }>) {
  if (parsed.redirectTo) {
    const { uri, state } = parsed.redirectTo;
    return redirect(withQuery(uri, { error: parsed.error, error_description: parsed.description, state }));
  }
  return html(400, renderErrorPage(TITLE, "Bummer, something went wrong.", parsed.error, parsed.description));
}

function showConsent(ctx: RequestContext) {
  const parsed = parseAuthorizeRequest(ctx.query);
  if (!parsed.ok) return failure(parsed);
  const { request } = parsed;
  return html(
    200,
    renderConsentPage({
      title: TITLE,
      heading: "Sign in with LinkedIn",
      accent: "#0a66c2",
      intro: `${request.clientId} would like to:`,
      permissions: request.scopes.map((scope) => SCOPES[scope] ?? scope),
      action: `${ctx.baseUrl}/linkedin/www/oauth/v2/authorization/decision`,
      hidden: { request: ctx.query.toString() },
      identity: DEFAULT_LINKEDIN_IDENTITY,
    }),
  );
}

async function decide(ctx: RequestContext) {
  const form = await ctx.form();
  const parsed = parseAuthorizeRequest(new URLSearchParams(form.get("request") ?? ""));
  if (!parsed.ok) return failure(parsed);
  const { request } = parsed;
  if (form.get("decision") !== "approve") {
    const cancelled = {
      error: "user_cancelled_authorize",
      error_description: "The user cancelled the authorization",
      state: request.state,
    };
    return redirect(withQuery(request.redirectUri, cancelled));
  }
  const name = (form.get("name") ?? "").trim();
  const email = (form.get("email") ?? "").trim().toLowerCase();
  if (!name || !isPlausibleEmail(email))
    return html(
      400,
      renderErrorPage(TITLE, "Bummer, something went wrong.", "invalid_request", "Enter a name and an email."),
    );

  const sub = memberSub(email);
  ctx.store.slice(linkedinState).members.set(sub, { sub, name, email, picture: avatarUrl(ctx.baseUrl, name) });
  const code = ctx.store.issueCode(
    {
      platform: "linkedin",
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      subject: sub,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      data: {},
    },
    CODE_TTL_SECONDS,
    "AQ",
  );
  return redirect(withQuery(request.redirectUri, { code: code.value, state: request.state }));
}

/** LinkedIn's published OpenID metadata, pointing at the sandbox's hosts. */
function discovery(ctx: RequestContext) {
  const issuer = issuerFor(ctx);
  return json(200, {
    issuer,
    authorization_endpoint: `${issuer}/v2/authorization`,
    token_endpoint: `${issuer}/v2/accessToken`,
    userinfo_endpoint: `${ctx.baseUrl}/linkedin/api/v2/userinfo`,
    jwks_uri: `${issuer}/openid/jwks`,
    response_types_supported: ["code"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "profile", "email"],
    claims_supported: [
      "iss",
      "aud",
      "iat",
      "exp",
      "sub",
      "name",
      "given_name",
      "family_name",
      "picture",
      "email",
      "email_verified",
      "locale",
    ],
  });
}

export const linkedin: SandboxModule = {
  name: "linkedin",
  register(router, store) {
    store.register(linkedinState);
    store.register(linkedinLimitsState);
    store.register(linkedinVideosState);
    const key = new SigningKey();
    router
      .get(`${OAUTH}/.well-known/openid-configuration`, discovery)
      .get(`${OAUTH}/openid/jwks`, () => json(200, key.jwks()))
      .get(`${OAUTH}/v2/authorization`, showConsent)
      .post(`${OAUTH}/v2/authorization/decision`, decide);
    registerLinkedInToken(router, key);
    registerLinkedInApi(router);
    registerLinkedInPublish(router);
    registerLinkedInMetrics(router);
    registerLinkedInVideos(router);
    registerLinkedInControl(router);
  },
};
