import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { facebook } from "@/lib/networks/facebook/server";
import { linkedin } from "@/lib/networks/linkedin/server";
import { twitter } from "@/lib/networks/twitter/server";
import type { MetricsRequest, MetricsResult, SocialPlatformModule } from "./types";

/**
 * The server's one registry of networks: each network's client (lib/networks/<network>/server/),
 * behind one interface. The rest of the server asks `platformModule(platform)`; only a piece that
 * is one network's by nature is imported from its folder (Facebook sign-in's hosts in next-auth,
 * the API version checks of /api/health).
 */
export const platformModules: Record<ConnectablePlatform, SocialPlatformModule> = { facebook, twitter, linkedin };

export function platformModule(platform: ConnectablePlatform): SocialPlatformModule {
  return platformModules[platform];
}

/** Reads engagement of up to `metrics.batch` of one network's posts. */
export function fetchMetrics(platform: ConnectablePlatform, request: MetricsRequest): Promise<MetricsResult> {
  return platformModule(platform).metrics.read(request);
}

export { PlatformError, isPlatformError, type PlatformErrorKind } from "./errors";
export type {
  MetricsRequest,
  MetricsResult,
  NetworkMetrics,
  PlatformOperation,
  PlatformPage,
  PlatformProfile,
  PostReading,
  PublishedPost,
  PublishInput,
  PublishMedia,
  PublishMediaKind,
  RateLimitRule,
  SocialPlatformModule,
  TokenSet,
} from "./types";
