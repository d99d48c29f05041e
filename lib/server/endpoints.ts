import { env } from "@/lib/server/env";

/**
 * Where each outside service lives. With real client credentials configured the real hosts are
 * used; without them the platform sandbox (sandbox/) plays the service under a path prefix. Only
 * base URLs differ: the requests are the same either way. Each network names its own hosts in
 * lib/networks/<network>/server/endpoints.ts; Google sign-in and the AI provider are named here.
 */

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  usesSandbox: boolean;
}

const sandbox = env.SANDBOX_URL.replace(/\/$/, "");

/** The configured client, or the sandbox's (`sandbox-<service>-client`) when either half is missing. */
export function oauthClient(service: string, id: string | undefined, secret: string | undefined): OAuthClient {
  if (id && secret) return { clientId: id, clientSecret: secret, usesSandbox: false };
  return {
    clientId: `sandbox-${service}-client`,
    clientSecret: `sandbox-${service}-secret`,
    usesSandbox: true,
  };
}

/** The real base URL, or the sandbox's `path` under SANDBOX_URL while the client is the sandbox's. */
export const hostFor = (client: OAuthClient, real: string, path: string) =>
  client.usesSandbox ? `${sandbox}/${path}` : real;

export const googleClient = oauthClient("google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);

export const endpoints = {
  /** OpenID issuer: discovery at `${issuer}/.well-known/openid-configuration`. */
  googleIssuer: hostFor(googleClient, "https://accounts.google.com", "google"),
  /** OpenAI-compatible API root; the sandbox plays it when no key is configured. */
  openaiBaseUrl: env.OPENAI_BASE_URL ?? (env.OPENAI_API_KEY ? "https://api.openai.com/v1" : `${sandbox}/openai/v1`),
} as const;
