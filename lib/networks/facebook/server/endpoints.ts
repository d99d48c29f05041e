import { env } from "@/lib/server/env";
import { hostFor, oauthClient } from "@/lib/server/endpoints";

/** Facebook's hosts: the real ones with FACEBOOK_CLIENT_ID and _SECRET set, the sandbox's otherwise. */
export const client = oauthClient("facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET);

export const endpoints = {
  /** facebook.com (the OAuth dialog) and graph.facebook.com (the Graph API). */
  www: hostFor(client, "https://www.facebook.com", "facebook/www"),
  graph: hostFor(client, "https://graph.facebook.com", "facebook/graph"),
  /** graph-video.facebook.com: where Page videos are published (Video API publishing guide). */
  graphVideo: hostFor(client, "https://graph-video.facebook.com", "facebook/graph-video"),
  graphVersion: env.FACEBOOK_GRAPH_VERSION,
} as const;
