import { avatarUrl } from "../../assets";
import { renderConsentPage, renderErrorPage } from "../../consent-page";
import { SigningKey } from "../../jwt";
import { findClient, isValidRedirectUri, parsePkceMethod, splitScopes } from "../../oauth";
import { html, json, redirect, withQuery } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import {
  DEFAULT_GOOGLE_IDENTITY,
  SCOPE_EMAIL,
  SCOPE_PROFILE,
  canonicalScopes,
  googleState,
  isPlausibleEmail,
  redirectScope,
  subFromEmail,
  userClaims,
} from "./identity";
import { registerGoogleToken } from "./token";

/**
 * Google Sign-In (OpenID Connect) under /google, standing in for accounts.google.com,
 * oauth2.googleapis.com, openidconnect.googleapis.com and www.googleapis.com at once. The issuer is
 * `${base}/google`, with `base` taken from the Host the client used, so discovery, id_tokens and
 * the client's configuration agree.
 */

const TITLE = "Sign in with Google — Platform sandbox";
const CODE_TTL_SECONDS = 600;

export const issuerFor = (ctx: RequestContext) => `${ctx.baseUrl}/google`;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "plain" | "S256";
  accessType: string;
  loginHint?: string;
}

type Parsed = { ok: true; request: AuthorizeRequest } | { ok: false; error: string; description: string };

/** Google shows its own error page for a bad request rather than trusting the redirect URI. */
function parseAuthorizeRequest(params: URLSearchParams): Parsed {
  const fail = (error: string, description: string): Parsed => ({ ok: false, error, description });
  const clientId = params.get("client_id");
  if (!clientId) return fail("invalid_request", "Missing required parameter: client_id");
  if (!findClient("google", clientId)) return fail("invalid_client", "The OAuth client was not found.");
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return fail("invalid_request", "Missing required parameter: redirect_uri");
  if (!isValidRedirectUri(redirectUri)) return fail("redirect_uri_mismatch", `Invalid redirect_uri: ${redirectUri}`);
  const responseType = params.get("response_type");
  if (!responseType) return fail("invalid_request", "Missing required parameter: response_type");
  if (responseType !== "code")
    return fail("unsupported_response_type", `The sandbox only supports response_type=code, not "${responseType}".`);
  const scopes = splitScopes(params.get("scope"));
  if (scopes.length === 0) return fail("invalid_request", "Missing required parameter: scope");
  if (!scopes.includes("openid")) return fail("invalid_scope", "Sign-in requests must include the openid scope.");
  const method = parsePkceMethod(params.get("code_challenge_method"));
  if (method === "invalid") return fail("invalid_request", "Invalid code_challenge_method: use S256 or plain.");
  const codeChallenge = params.get("code_challenge") || undefined;
  if (method && !codeChallenge) return fail("invalid_request", "Missing required parameter: code_challenge");
  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      state: params.get("state") ?? undefined,
      scopes,
      nonce: params.get("nonce") || undefined,
      codeChallenge,
      // RFC 7636 §4.3: without a method the challenge is plain.
      codeChallengeMethod: codeChallenge ? (method ?? "plain") : undefined,
      accessType: params.get("access_type") ?? "online",
      loginHint: params.get("login_hint") || undefined,
    },
  };
}

const errorPage = (error: string, description: string) =>
  html(400, renderErrorPage(TITLE, "Access blocked: Authorization Error", error, description));

function describeScopes(scopes: string[]): string[] {
  const granted = canonicalScopes(scopes);
  const text = ["Associate you with your personal info on Google"];
  if (granted.includes(SCOPE_PROFILE))
    text.push("See your personal info, including any personal info you've made publicly available");
  if (granted.includes(SCOPE_EMAIL)) text.push("See your primary Google Account email address");
  for (const scope of granted)
    if (![SCOPE_PROFILE, SCOPE_EMAIL, "openid"].includes(scope)) text.push(`Scope: ${scope}`);
  return text;
}

function showConsent(ctx: RequestContext) {
  const parsed = parseAuthorizeRequest(ctx.query);
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  return html(
    200,
    renderConsentPage({
      title: TITLE,
      heading: "Sign in with Google",
      accent: "#1a73e8",
      intro: `${request.clientId} wants to access your Google Account.`,
      permissions: describeScopes(request.scopes),
      action: `${ctx.baseUrl}/google/o/oauth2/v2/auth/decision`,
      hidden: { request: ctx.query.toString() },
      identity: { name: DEFAULT_GOOGLE_IDENTITY.name, email: request.loginHint ?? DEFAULT_GOOGLE_IDENTITY.email },
    }),
  );
}

async function decide(ctx: RequestContext) {
  const form = await ctx.form();
  const parsed = parseAuthorizeRequest(new URLSearchParams(form.get("request") ?? ""));
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  if (form.get("decision") !== "approve") {
    return redirect(
      withQuery(request.redirectUri, {
        error: "access_denied",
        error_description: "The user denied access.",
        state: request.state,
      }),
    );
  }
  const email = (form.get("email") ?? "").trim();
  const name = (form.get("name") ?? "").trim();
  if (!name || !isPlausibleEmail(email)) return errorPage("invalid_request", "Enter a name and a valid email address.");

  // `email_verified=false` in the form (no field on the page: tests post it) signs in an account whose
  // address Google has not verified, so a client's linking rules can be tested both ways.
  const emailVerified = form.get("email_verified") !== "false";
  const sub = subFromEmail(email);
  ctx.store
    .slice(googleState)
    .users.set(sub, { sub, email: email.toLowerCase(), name, picture: avatarUrl(ctx.baseUrl, name), emailVerified });
  const code = ctx.store.issueCode(
    {
      platform: "google",
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: canonicalScopes(request.scopes),
      subject: sub,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      nonce: request.nonce,
      data: { accessType: request.accessType },
    },
    CODE_TTL_SECONDS,
    "4/0A",
  );
  // Google's parameters, minus `iss`: this request came from the browser, which may know the sandbox by
  // another host name than the app server does, and a mismatching `iss` fails the client's check.
  return redirect(
    withQuery(request.redirectUri, {
      state: request.state,
      code: code.value,
      scope: redirectScope(request.scopes),
      authuser: "0",
      prompt: "consent",
    }),
  );
}

function discovery(ctx: RequestContext) {
  const issuer = issuerFor(ctx);
  return json(
    200,
    {
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/v1/userinfo`,
      revocation_endpoint: `${issuer}/revoke`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: ["openid", "email", "profile"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      claims_supported: [
        "aud",
        "email",
        "email_verified",
        "exp",
        "family_name",
        "given_name",
        "iat",
        "iss",
        "name",
        "picture",
        "sub",
      ],
      code_challenge_methods_supported: ["plain", "S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    },
    { "access-control-allow-origin": "*" },
  );
}

function bearerToken(ctx: RequestContext): string | undefined {
  const header = /^Bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? "");
  return header?.[1] ?? ctx.query.get("access_token") ?? undefined;
}

function userinfo(ctx: RequestContext) {
  const value = bearerToken(ctx);
  const check = value ? ctx.store.checkToken(value, "google") : { status: "unknown" as const };
  const user =
    check.status === "valid" && check.token.kind === "access"
      ? ctx.store.slice(googleState).users.get(check.token.subject)
      : undefined;
  if (check.status !== "valid" || !user) {
    return json(
      401,
      { error: "invalid_request", error_description: "Invalid Credentials" },
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    );
  }
  return json(200, userClaims(user, check.token.scopes));
}

async function revoke(ctx: RequestContext) {
  const form = await ctx.form();
  const value = form.get("token") ?? ctx.query.get("token") ?? "";
  const check = ctx.store.checkToken(value, "google");
  if (check.status !== "valid")
    return json(400, { error: "invalid_token", error_description: "Token expired or revoked" });
  // Revoking either token of a grant ends the whole grant, as Google does.
  const grant = check.token.data.grant;
  for (const token of ctx.store.findTokens((t) => t.platform === "google" && t.data.grant === grant))
    ctx.store.revokeToken(token.value);
  return json(200, {});
}

export const google: SandboxModule = {
  name: "google",
  register(router, store) {
    store.register(googleState);
    const key = new SigningKey();
    router
      .get("/google/.well-known/openid-configuration", discovery)
      .get("/google/oauth2/v3/certs", () => json(200, key.jwks(), { "access-control-allow-origin": "*" }))
      .get("/google/o/oauth2/v2/auth", showConsent)
      .post("/google/o/oauth2/v2/auth/decision", decide)
      .get("/google/v1/userinfo", userinfo)
      .post("/google/v1/userinfo", userinfo)
      .post("/google/revoke", revoke);
    registerGoogleToken(router, key);
  },
};
