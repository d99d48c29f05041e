import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { AuthCode } from "./state";

/**
 * OAuth 2.0 pieces every platform shares: the registered clients, client authentication, PKCE and
 * redirect URI rules. Platform files decide what an error looks like on the wire.
 */

export interface SandboxClient {
  platform: string;
  clientId: string;
  clientSecret: string;
}

/** The credentials lib/networks/<network>/server/endpoints.ts falls back to when no real ones are configured. */
const CLIENTS: SandboxClient[] = [
  ...["google", "facebook", "twitter", "linkedin"].map((platform) => ({
    platform,
    clientId: `sandbox-${platform}-client`,
    clientSecret: `sandbox-${platform}-secret`,
  })),
  // A LinkedIn app approved for the restricted scopes (r_member_social …); see linkedin/scopes.ts.
  {
    platform: "linkedin",
    clientId: "sandbox-linkedin-partner-client",
    clientSecret: "sandbox-linkedin-partner-secret",
  },
];

export function findClient(platform: string, clientId: string | null | undefined): SandboxClient | undefined {
  return CLIENTS.find((client) => client.platform === platform && client.clientId === clientId);
}

export interface ClientCredentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
  method: "client_secret_basic" | "client_secret_post" | "none";
}

/**
 * HTTP Basic wins over the body, as RFC 6749 §2.3.1 prefers it. Basic credentials are
 * form-urlencoded before base64 (RFC 6749 §2.3.1), which Auth.js does, so decode them that way.
 */
export function readClientCredentials(headers: IncomingHttpHeaders, body: URLSearchParams): ClientCredentials {
  const authorization = headers.authorization ?? "";
  const basic = /^Basic\s+(.+)$/i.exec(authorization);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon >= 0) {
      return {
        clientId: formDecode(decoded.slice(0, colon)),
        clientSecret: formDecode(decoded.slice(colon + 1)),
        method: "client_secret_basic",
      };
    }
  }
  const clientSecret = body.get("client_secret") ?? undefined;
  return {
    clientId: body.get("client_id") ?? undefined,
    clientSecret,
    method: clientSecret ? "client_secret_post" : "none",
  };
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

export function secretMatches(client: SandboxClient, secret: string | undefined): boolean {
  if (secret === undefined) return false;
  const expected = Buffer.from(client.clientSecret);
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Redirect URIs must be absolute http(s) URLs without a fragment (RFC 6749 §3.1.2). */
export function isValidRedirectUri(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hash === "";
  } catch {
    return false;
  }
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function parsePkceMethod(value: string | null): "plain" | "S256" | undefined | "invalid" {
  if (value === null || value === "") return undefined;
  return value === "plain" || value === "S256" ? value : "invalid";
}

/**
 * Null when the verifier proves possession of the code (RFC 7636 §4.6), else why not.
 * `rfcVerifier: false` skips the 43–128 character rule: X's own docs use the verifier "challenge"
 * with method plain, and X accepts it.
 */
export function pkceProblem(
  code: AuthCode,
  verifier: string | null,
  { rfcVerifier = true }: { rfcVerifier?: boolean } = {},
): string | null {
  if (!code.codeChallenge) return null;
  if (!verifier) return "Missing code verifier.";
  if (rfcVerifier && !VERIFIER.test(verifier)) return "Invalid code verifier.";
  const derived =
    code.codeChallengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return derived === code.codeChallenge ? null : "Invalid code verifier.";
}

/** Splits a scope parameter: space-separated per RFC 6749, comma-separated on Facebook. */
export function splitScopes(value: string | null, separator: RegExp = /\s+/): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(separator)
        .map((scope) => scope.trim())
        .filter(Boolean),
    ),
  ];
}
