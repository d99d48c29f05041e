import twitterText from "twitter-text";
import { asRecord } from "@/lib/networks/server/http";

/**
 * Recognising a tweet we sent among an account's recent ones (an uncertain attempt looked up before
 * sending again): X hands the text back rewritten, so the match undoes what X does to it.
 */

/** X shows attached media as t.co links at the end of a post's text; ours never has them. */
const withoutMediaLinks = (text: string) => text.replace(/(\s+https:\/\/t\.co\/\w+)+$/, "");

const MEDIA_PERMALINK = /^https:\/\/(x|twitter)\.com\/.+\/(photo|video)\/\d+$/;

/**
 * A tweet's text as we sent it, from what X hands back: X rewrites every link to t.co and appends a
 * t.co link to the media; `entities.urls` (asked for) says what each t.co link stood for.
 */
function sentTextOf(tweet: Record<string, unknown>): string {
  let text = typeof tweet.text === "string" ? tweet.text : "";
  const urls = asRecord(tweet.entities).urls;
  for (const item of Array.isArray(urls) ? urls : []) {
    const { url, expanded_url: original } = asRecord(item);
    if (typeof url !== "string" || typeof original !== "string") continue;
    text = MEDIA_PERMALINK.test(original)
      ? text.replace(` ${url}`, "").replace(url, "")
      : text.split(url).join(original);
  }
  return text;
}

/** X's v2 API returns text with &, < and > HTML-escaped. */
const unescapeHtml = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

export function isSameTweet(tweet: Record<string, unknown>, sent: string): boolean {
  if (typeof tweet.text !== "string") return false;
  const candidates = [tweet.text, withoutMediaLinks(tweet.text), sentTextOf(tweet)];
  return candidates.some((candidate) => candidate === sent || unescapeHtml(candidate) === sent);
}

/**
 * The text with each link replaced by one mark: X may show a link otherwise than it was typed
 * (`example.com` comes back as `http://example.com`), so a second, looser match ignores what the
 * links say and compares the words around them.
 */
function linkShape(text: string): string {
  let shape = "";
  let rest = 0;
  for (const { indices } of twitterText.extractUrlsWithIndices(text)) {
    shape += `${text.slice(rest, indices[0])}\u0001`;
    rest = indices[1];
  }
  return shape + text.slice(rest);
}

export function hasSameShape(tweet: Record<string, unknown>, sent: string): boolean {
  return typeof tweet.text === "string" && linkShape(unescapeHtml(withoutMediaLinks(tweet.text))) === linkShape(sent);
}
