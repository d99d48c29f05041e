import type { ConnectablePlatform } from "@/lib/social/schemas";
import { facebook } from "./facebook";
import { linkedin } from "./linkedin";
import { twitter } from "./twitter";
import type { SocialPlatformModule } from "./types";

export const platformModules: Record<ConnectablePlatform, SocialPlatformModule> = { facebook, twitter, linkedin };

export function platformModule(platform: ConnectablePlatform): SocialPlatformModule {
  return platformModules[platform];
}

export { PlatformError, isPlatformError, type PlatformErrorKind } from "./errors";
export type {
  PlatformOperation,
  PlatformPage,
  PlatformProfile,
  PublishedPost,
  PublishInput,
  PublishMedia,
  PublishMediaKind,
  RateLimitRule,
  SocialPlatformModule,
  TokenSet,
} from "./types";
