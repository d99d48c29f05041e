import { xText } from "@/lib/posts/x-text";
import type { ConnectablePlatform } from "@/lib/social/schemas";

/**
 * Per-platform character counts for the post editor. X counts the way X does (twitter-text's
 * weighted length: most CJK characters and emoji weigh 2, every URL weighs 23); LinkedIn and
 * Facebook count plain characters. Pure and client-safe.
 */

export const PLATFORM_CHAR_LIMITS: Record<ConnectablePlatform, number> = {
  twitter: 280,
  linkedin: 3_000,
  facebook: 63_206,
};

/** The short names the editor shows next to each count ('X 12/280'). */
export const platformCountLabels: Record<ConnectablePlatform, string> = {
  twitter: "X",
  linkedin: "LinkedIn",
  facebook: "Facebook",
};

export interface CharacterCount {
  count: number;
  limit: number;
  over: boolean;
}

export function countForPlatform(text: string, platform: ConnectablePlatform): CharacterCount {
  const limit = PLATFORM_CHAR_LIMITS[platform];
  const count = platform === "twitter" ? xText.parseTweet(text).weightedLength : text.length;
  return { count, limit, over: count > limit };
}
