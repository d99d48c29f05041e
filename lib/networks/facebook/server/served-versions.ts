import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";
import { endpoints } from "./endpoints";

/**
 * Meta does not refuse an expired Graph API version: it serves the call with the oldest live
 * version and names that one in the `facebook-api-version` response header
 * (developers.facebook.com/docs/apps/versions). That header is the only signal, so every Graph
 * answer is checked: a version other than FACEBOOK_GRAPH_VERSION is logged and kept in Redis (the
 * worker sees most answers; /api/health, in the web process, reports it).
 */

export interface ServedVersionWarning {
  platform: "facebook";
  setting: "FACEBOOK_GRAPH_VERSION";
  version: string;
  servedVersion: string;
  message: string;
}

/**
 * Per installation (REDIS_PREFIX) and configured version, so processes configured differently never
 * read each other's note.
 */
const key = (configured: string) => `${env.REDIS_PREFIX}:platform-version:facebook:served:${configured}`;
const KEEP_SECONDS = 7 * 86_400;
let lastSeen: string | null = null;

/** Reads the header of one Graph answer; cheap when nothing changed (once per new value per process). */
export function noteServedGraphVersion(headers: Headers, configured: string = endpoints.graphVersion): void {
  const served = headers.get("facebook-api-version");
  if (!served || served === lastSeen) return;
  lastSeen = served;
  const write =
    served === configured ? redis().del(key(configured)) : redis().set(key(configured), served, "EX", KEEP_SECONDS);
  if (served !== configured)
    console.warn(
      `[facebook] Graph API answered as ${served}, not the configured ${configured}: Meta no longer serves ${configured}. Set FACEBOOK_GRAPH_VERSION to a current version.`,
    );
  write.catch((error: unknown) => console.error("[facebook] could not record the served Graph API version", error));
}

/** The warning for /api/health when Graph last answered with another version than the configured one. */
export async function servedVersionWarnings(configured: string): Promise<ServedVersionWarning[]> {
  const served = await redis().get(key(configured));
  if (!served || served === configured) return [];
  return [
    {
      platform: "facebook",
      setting: "FACEBOOK_GRAPH_VERSION",
      version: configured,
      servedVersion: served,
      message: `Facebook answers Graph API calls as ${served}, not the configured ${configured}, which Meta no longer serves: set FACEBOOK_GRAPH_VERSION to a current version.`,
    },
  ];
}
