import { xText } from "@/lib/posts/x-text";
import { countForPlatform, platformCountLabels } from "@/lib/posts/character-count";
import type { ConnectablePlatform } from "@/lib/social/schemas";

/**
 * What each network does with a post's text, for the editor: which selected networks would refuse
 * it (the warning before Publish Now / Schedule) and where each feed cuts it behind its "more" link
 * (the live previews). Pure and client-safe; X counts the way the server does (twitter-text).
 */

/**
 * Where each feed folds a post, in characters (and lines, where the network folds by lines).
 * These are the desktop feed's cut points as measured by third parties; the networks publish none.
 * - Facebook: "See more" after about 477 characters on desktop
 *   (posthell.com/tools/facebook-character-counter; socialk.it/tools/facebook-character-counter).
 * - LinkedIn: "…more" after 3 lines, about 210 characters (John Espirian, "'See more' breakpoints on
 *   LinkedIn posts", Sept 2024: organic posts have a 3-line preview; web-3-apps.com/char-counter/
 *   articles/linkedin-post-length: "Feed truncates at ~210 characters").
 * - X: a post within 280 weighted characters is shown whole; longer posts (Premium) show their
 *   first 280 weighted characters and "Show more" (docs.x.com, counting-characters; /work/shared/
 *   platform-apis.md §3). Standard accounts cannot post more: the editor warns instead.
 */
export const FACEBOOK_FEED_CUT_CHARS = 477;
export const LINKEDIN_FEED_CUT_CHARS = 210;
export const LINKEDIN_FEED_CUT_LINES = 3;
export const X_FEED_CUT_WEIGHTED = 280;

export const FEED_MORE_LABELS: Record<ConnectablePlatform, string> = {
  facebook: "See more",
  linkedin: "…more",
  twitter: "Show more",
};

export interface NetworkRefusal {
  platform: ConnectablePlatform;
  /** 'X', 'LinkedIn', 'Facebook'. */
  label: string;
  count: number;
  limit: number;
}

/** True when the network refuses this text as too long (X: what the publisher's `fitsOnTwitter` says). */
export function refusesText(text: string, platform: ConnectablePlatform): boolean {
  if (text.trim() === "") return false;
  if (platform === "twitter") return !xText.parseTweet(text).valid;
  return countForPlatform(text, platform).over;
}

/**
 * The networks among `platforms` that would refuse the post's text. X is left out when
 * 'Summarize for X' is on: the publisher then fits the text to X itself.
 */
export function findRefusals(
  text: string,
  platforms: readonly ConnectablePlatform[],
  options: { summarizeForTwitter: boolean },
): NetworkRefusal[] {
  return platforms
    .filter((platform) => !(platform === "twitter" && options.summarizeForTwitter))
    .filter((platform) => refusesText(text, platform))
    .map((platform) => {
      const { count, limit } = countForPlatform(text, platform);
      return { platform, label: platformCountLabels[platform], count, limit };
    });
}

export interface FeedText {
  /** The text the feed shows before its "more" link (all of it when not cut). */
  shown: string;
  cut: boolean;
  /** The feed's link to the rest ('See more'); null when the text is not cut. */
  moreLabel: string | null;
}

/** Backs a cut off at `end` up to the last space when that keeps most of it (feeds cut between words). */
function atWordBoundary(text: string, end: number): string {
  const head = text.slice(0, end);
  const space = head.search(/\s\S*$/);
  return (space > end * 0.6 ? head.slice(0, space) : head).trimEnd();
}

/** The first `max` code points (never half an emoji). */
function firstCodePoints(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

function cutByCharsAndLines(text: string, maxChars: number, maxLines: number | null): string | null {
  let end = text.length;
  let byLines = false;
  if (maxLines !== null) {
    const lines = text.split("\n");
    if (lines.length > maxLines) {
      end = lines.slice(0, maxLines).join("\n").length;
      byLines = true;
    }
  }
  const byChars = firstCodePoints(text, maxChars);
  if (byChars.length < end) return atWordBoundary(text, byChars.length);
  return byLines ? text.slice(0, end).trimEnd() : null;
}

/** The text a network's feed shows before its "more" link. */
export function feedText(text: string, platform: ConnectablePlatform): FeedText {
  const trimmed = text.trim();
  let shown: string | null;
  if (platform === "twitter") {
    const parsed = xText.parseTweet(trimmed);
    shown = parsed.weightedLength > X_FEED_CUT_WEIGHTED ? trimmed.slice(0, parsed.validRangeEnd + 1).trimEnd() : null;
  } else if (platform === "linkedin") {
    shown = cutByCharsAndLines(trimmed, LINKEDIN_FEED_CUT_CHARS, LINKEDIN_FEED_CUT_LINES);
  } else {
    shown = cutByCharsAndLines(trimmed, FACEBOOK_FEED_CUT_CHARS, null);
  }
  if (shown === null) return { shown: trimmed, cut: false, moreLabel: null };
  return { shown, cut: true, moreLabel: FEED_MORE_LABELS[platform] };
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
