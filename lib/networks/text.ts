import { facebookText } from "./facebook/text";
import { networks } from "./index";
import { linkedinText } from "./linkedin/text";
import type { ConnectablePlatform } from "./platforms";
import { twitterText } from "./twitter/text";
import { xText } from "./twitter/x-text";
import type { NetworkText } from "./types";

/**
 * The client-safe registry of how each network counts and cuts a post's text (its
 * lib/networks/<network>/text.ts), and the editor's questions built on it: each network's count
 * against its limit, whether it refuses a text, what its feed shows. Apart from lib/networks/
 * index.ts so that only the pages that count ship X's counter (twitter-text). Pure.
 */
export const networkTexts: Record<ConnectablePlatform, NetworkText> = {
  facebook: facebookText,
  twitter: twitterText,
  linkedin: linkedinText,
};

export function networkText(platform: ConnectablePlatform): NetworkText {
  return networkTexts[platform];
}

/** Each network's limit in its own count. */
export const PLATFORM_CHAR_LIMITS = Object.fromEntries(
  Object.values(networks).map((each) => [each.id, each.maxLength]),
) as Record<ConnectablePlatform, number>;

export interface CharacterCount {
  count: number;
  limit: number;
  over: boolean;
}

export function countForPlatform(text: string, platform: ConnectablePlatform): CharacterCount {
  const limit = networks[platform].maxLength;
  const count = networkText(platform).count(text);
  return { count, limit, over: count > limit };
}

/** True when the network refuses this text as too long (X: what the publisher's check says). */
export function refusesText(text: string, platform: ConnectablePlatform): boolean {
  if (text.trim() === "") return false;
  return !networkText(platform).fits(text);
}

export interface FeedText {
  /** The text the feed shows before its "more" link (all of it when not cut). */
  shown: string;
  cut: boolean;
  /** The feed's link to the rest ('See more'); null when the text is not cut. */
  moreLabel: string | null;
}

/** The text a network's feed shows before its "more" link. */
export function feedText(text: string, platform: ConnectablePlatform): FeedText {
  const trimmed = text.trim();
  const shown = networkText(platform).feedCut(trimmed);
  if (shown === null) return { shown: trimmed, cut: false, moreLabel: null };
  return { shown, cut: true, moreLabel: networks[platform].feedMoreLabel };
}

/** The domain of the post's first link (the preview's link card), without 'www.'; null without one. */
export function firstLinkDomain(text: string): string | null {
  for (const url of xText.extractUrls(text)) {
    try {
      const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname;
      if (host) return host.replace(/^www\./i, "").toLowerCase();
    } catch {
      // Not a URL after all: try the next one.
    }
  }
  return null;
}
