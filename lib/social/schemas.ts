import { z } from "zod";

/** Client-safe shapes of connected accounts and pages (spec section 3). */

export const socialPlatforms = ["facebook", "twitter", "linkedin", "instagram", "tiktok", "youtube"] as const;
export const socialPlatformSchema = z.enum(socialPlatforms, { error: "Platform not supported" });
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;

export interface PageSummary {
  id: string;
  pageId: string;
  accountId: string;
  name: string;
  username: string | null;
  profilePicture: string | null;
  category: string | null;
  followerCount: number;
  hasValidToken: boolean;
  permissions: string[];
  platform: SocialPlatform;
}

export interface AccountGroup {
  platform: SocialPlatform;
  totalPages: number;
  totalFollowers: number;
  pages: PageSummary[];
}

export interface AccountStats {
  totalConnectedPlatforms: number;
  totalPages: number;
  totalFollowers: number;
}
