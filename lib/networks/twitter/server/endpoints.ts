import { env } from "@/lib/server/env";
import { hostFor, oauthClient } from "@/lib/server/endpoints";

/** X's hosts: the real ones with TWITTER_CLIENT_ID and _SECRET set, the sandbox's otherwise. */
export const client = oauthClient("twitter", env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET);

export const endpoints = {
  /** x.com (authorize) and api.x.com (token, API v2). */
  www: hostFor(client, "https://x.com", "x/www"),
  api: hostFor(client, "https://api.x.com", "x/api"),
} as const;
