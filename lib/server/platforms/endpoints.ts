import { env } from "@/lib/server/env";

/**
 * Where each platform lives. With real client credentials configured the real hosts are used;
 * without them the platform sandbox (sandbox/) plays the platform under a path prefix. Only base
 * URLs differ: the requests are the same either way.
 */

export type PlatformId = "google" | "facebook" | "twitter" | "linkedin";

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  usesSandbox: boolean;
}

const sandbox = env.SANDBOX_URL.replace(/\/$/, "");

function client(platform: PlatformId, id: string | undefined, secret: string | undefined): OAuthClient {
  if (id && secret) return { clientId: id, clientSecret: secret, usesSandbox: false };
  return {
    clientId: `sandbox-${platform}-client`,
    clientSecret: `sandbox-${platform}-secret`,
    usesSandbox: true,
  };
}

export const oauthClients: Record<PlatformId, OAuthClient> = {
  google: client("google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
  facebook: client("facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
  twitter: client("twitter", env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
  linkedin: client("linkedin", env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET),
};

const pick = (platform: PlatformId, real: string, path: string) =>
  oauthClients[platform].usesSandbox ? `${sandbox}/${path}` : real;

export const endpoints = {
  /** OpenID issuer: discovery at `${issuer}/.well-known/openid-configuration`. */
  googleIssuer: pick("google", "https://accounts.google.com", "google"),
  /** facebook.com (the OAuth dialog) and graph.facebook.com (the Graph API). */
  facebookWww: pick("facebook", "https://www.facebook.com", "facebook/www"),
  facebookGraph: pick("facebook", "https://graph.facebook.com", "facebook/graph"),
  /** graph-video.facebook.com: where Page videos are published (Video API publishing guide). */
  facebookGraphVideo: pick("facebook", "https://graph-video.facebook.com", "facebook/graph-video"),
  facebookGraphVersion: env.FACEBOOK_GRAPH_VERSION,
  linkedinVersion: env.LINKEDIN_API_VERSION,
  /** The app is approved for LinkedIn's restricted r_member_social, so connects ask for it. */
  linkedinMemberSocialRead: env.LINKEDIN_MEMBER_SOCIAL_READ === "true",
  /** x.com (authorize) and api.x.com (token, API v2). */
  twitterWww: pick("twitter", "https://x.com", "x/www"),
  twitterApi: pick("twitter", "https://api.x.com", "x/api"),
  /** www.linkedin.com (OAuth) and api.linkedin.com (userinfo, REST). */
  linkedinWww: pick("linkedin", "https://www.linkedin.com", "linkedin/www"),
  linkedinApi: pick("linkedin", "https://api.linkedin.com", "linkedin/api"),
  /** OpenAI-compatible API root; the sandbox plays it when no key is configured. */
  openaiBaseUrl: env.OPENAI_BASE_URL ?? (env.OPENAI_API_KEY ? "https://api.openai.com/v1" : `${sandbox}/openai/v1`),
} as const;
