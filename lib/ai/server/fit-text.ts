import { network } from "@/lib/networks";
import { networkText } from "@/lib/networks/text";
import { xText } from "@/lib/networks/twitter/x-text";
import { AI_PLATFORM_LIMITS } from "./prompts";
import type { AiPlatform } from "@/lib/ai/schemas";

/**
 * Deterministic fitting of text into platform limits: the fallback whenever a model's answer is
 * too long, the model is unavailable, or no model is configured. Pure.
 */

export const fitsOnTwitter = (text: string) => xText.parseTweet(text).valid;
export const twitterWeightedLength = (text: string) => xText.parseTweet(text).weightedLength;

/** Whole words, then an ellipsis, until `fits` accepts it: for a count by weight, where characters do not add up one by one. */
function shortenByWords(text: string, fits: (text: string) => boolean): string {
  if (fits(text)) return text;
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(`${words.slice(0, mid).join(" ")}…`)) low = mid;
    else high = mid - 1;
  }
  return `${words.slice(0, low).join(" ")}…`;
}

/** Whole words, then an ellipsis, until X accepts it (weighted 280). */
export const shortenForTwitter = (text: string) => shortenByWords(text, fitsOnTwitter);

/** At most `max` characters, cut at a word boundary with an ellipsis when it had to be cut. */
export function truncateAtWord(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function fitsPlatform(text: string, platform: AiPlatform): boolean {
  if (platform === "general") return text.length <= AI_PLATFORM_LIMITS.general.limit;
  return networkText(platform).fits(text);
}

export function fitToPlatform(text: string, platform: AiPlatform): string {
  if (fitsPlatform(text, platform)) return text.trim();
  if (platform === "general") return truncateAtWord(text, AI_PLATFORM_LIMITS.general.limit);
  const { weightedCount, maxLength } = network(platform);
  return weightedCount ? shortenByWords(text, networkText(platform).fits) : truncateAtWord(text, maxLength);
}

/** Longest run of words from `words` that, after `prefix`, X still accepts. */
function takeWords(words: string[], start: number, prefix: string): number {
  let end = start;
  while (end < words.length && fitsOnTwitter(`${prefix}${words.slice(start, end + 1).join(" ")}`)) end += 1;
  return end;
}

/** Words short enough that each fits in a tweet on its own (only giant unbroken strings are cut). */
function splittableWords(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .flatMap((word) => {
      if (fitsOnTwitter(`99/99 ${word}`)) return [word];
      const chars = Array.from(word);
      const pieces: string[] = [];
      for (let index = 0; index < chars.length; index += 100) pieces.push(chars.slice(index, index + 100).join(""));
      return pieces;
    });
}

/** Numbers tweets "1/n …". */
export function numberThread(tweets: string[]): string[] {
  return tweets.map((tweet, index) => `${index + 1}/${tweets.length} ${tweet}`);
}

/**
 * Splits text into numbered tweets ("1/n …"), each valid on X. The numbering's width depends on
 * the count, so the split is repeated until the count is stable.
 */
export function splitIntoThread(text: string): string[] {
  const words = splittableWords(text);
  if (words.length === 0) return [];
  let count = 1;
  for (let round = 0; round < 5; round += 1) {
    const chunks: string[] = [];
    let start = 0;
    while (start < words.length) {
      const end = takeWords(words, start, `${count}/${count} `);
      chunks.push(words.slice(start, Math.max(end, start + 1)).join(" "));
      start = Math.max(end, start + 1);
    }
    if (chunks.length === count || String(chunks.length).length === String(count).length) return numberThread(chunks);
    count = chunks.length;
  }
  return numberThread([shortenForTwitter(text)]);
}

/** Every tweet valid on X (and none empty). */
export const validThread = (tweets: string[]) =>
  tweets.length > 0 && tweets.every((tweet) => tweet.trim() !== "" && fitsOnTwitter(tweet));
