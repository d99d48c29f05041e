/**
 * The social platforms, their labels and which can be connected: plain values, no zod, so the
 * pages that only show a platform's name or logo do not ship the validation library (nor a
 * network's text rules) in their first load. lib/social/schemas.ts builds its schemas from these
 * and re-exports them. A connectable platform is a network, with its capabilities in
 * lib/networks/<network>/; the others have only a name here, shown as 'Soon'.
 */

export const socialPlatforms = ["facebook", "twitter", "linkedin", "instagram", "tiktok", "youtube"] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

/** The platforms that can be connected today; the rest are shown as 'Soon'. */
export const connectablePlatforms = ["facebook", "twitter", "linkedin"] as const;
export type ConnectablePlatform = (typeof connectablePlatforms)[number];

export function isConnectablePlatform(platform: string): platform is ConnectablePlatform {
  return (connectablePlatforms as readonly string[]).includes(platform);
}

export const platformLabels: Record<SocialPlatform, string> = {
  facebook: "Facebook",
  twitter: "Twitter/X",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
};
