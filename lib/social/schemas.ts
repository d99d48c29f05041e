import { z } from "zod";
import {
  connectablePlatforms,
  socialPlatforms,
  type ConnectablePlatform,
  type SocialPlatform,
} from "@/lib/networks/platforms";

/**
 * Client-safe shapes of connected accounts and pages (spec section 3) and the bodies of the
 * /api/social endpoints. Platform tokens never appear here: the browser only ever holds an opaque,
 * signed, short-lived `userAccessToken` that names a pending connection kept on the server.
 */

export { connectablePlatforms, isConnectablePlatform, platformLabels, socialPlatforms } from "@/lib/networks/platforms";
export type { ConnectablePlatform, SocialPlatform } from "@/lib/networks/platforms";

export const socialPlatformSchema = z.enum(socialPlatforms, { error: "Platform not supported" });
export const connectablePlatformSchema = z.enum(connectablePlatforms, { error: "Platform not supported" });

/** A page posts can be published to (a Facebook Page, or the X / LinkedIn profile itself). */
export interface PageSummary {
  id: string;
  pageId: string;
  accountId: string;
  name: string;
  username: string | null;
  profilePicture: string | null;
  category: string | null;
  /** Null where the platform does not give it: shown 'not available', never 0. */
  followerCount: number | null;
  hasValidToken: boolean;
  permissions: string[];
  platform: SocialPlatform;
}

export interface AccountGroup {
  platform: SocialPlatform;
  totalPages: number;
  /** The sum of the figures its pages have; null when none of them has one. */
  totalFollowers: number | null;
  pages: PageSummary[];
}

export interface AccountStats {
  totalConnectedPlatforms: number;
  totalPages: number;
  /** The sum of the figures the pages have; null when none of them has one. */
  totalFollowers: number | null;
}

/** GET /api/social/accounts → { success, data: ConnectedAccount[] } */
export interface ConnectedAccount {
  _id: string;
  id: string;
  platform: SocialPlatform;
  displayName: string | null;
  name: string | null;
  accountHandle: string | null;
  profilePicture: string | null;
  followerCount: number | null;
  postCount: number | null;
  /** ISO time of the last successful 'Refresh Data', or null (shown 'Never'). */
  lastSync: string | null;
  tokenExpiry: string | null;
  hasValidToken: boolean;
  /** Set when the token expires within 7 days (LinkedIn's 60-day tokens). */
  tokenExpiresSoon: boolean;
  metadata: { category?: string | null; email?: string | null };
  pages: PageSummary[];
  createdAt: string;
}

/** Spec 'Facebook page candidate': POST /api/social/facebook/pages → { success, data: FacebookPageCandidate[] } */
export interface FacebookPageCandidate {
  id: string;
  name: string;
  category: string | null;
  fan_count: number;
  tasks: string[];
  picture: { data: { url: string | null } };
}

/** Spec 'OAuth callback result': GET /api/social/auth/{platform}/callback → { success, data } */
export interface OAuthCallbackResult {
  platform: ConnectablePlatform;
  accountId: string;
  accountHandle: string | null;
  /** Opaque handle of the pending connection (not a platform token); valid for 15 minutes, once. */
  userAccessToken: string;
  displayName: string | null;
  email: string | null;
  profilePicture: string | null;
}

export const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

const connectionToken = z
  .string({ error: "userAccessToken is required" })
  .min(1, { error: "userAccessToken is required" })
  .max(512, { error: "userAccessToken is invalid" });

export const facebookPagesSchema = z.object({ userAccessToken: connectionToken });

/** Pages are sent as ids or as the candidate objects themselves (the spec's scheduler-side helper). */
export const connectPagesSchema = z.object({
  userAccessToken: connectionToken,
  pages: z
    .array(z.union([z.string().min(1).max(128), z.object({ id: z.string().min(1).max(128) }).loose()]), {
      error: "Please select at least one page to connect",
    })
    .max(200, { error: "Too many pages selected" })
    .refine((pages) => pages.length > 0, { error: "Please select at least one page to connect" }),
});

/** POST /api/social/connect/{platform} and /api/social/linkedin/connect-profile */
export const connectProfileSchema = z
  .object({
    userAccessToken: connectionToken.optional(),
    accessToken: connectionToken.optional(),
  })
  .loose()
  .refine((body) => body.userAccessToken ?? body.accessToken, { error: "userAccessToken is required" });

export const updateAccountSchema = z.object({
  displayName: z
    .string({ error: "displayName must be text" })
    .trim()
    .min(1, { error: "Display name cannot be empty" })
    .max(100, { error: "Display name is too long (maximum 100 characters)" }),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;
