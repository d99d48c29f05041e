import twitterText from "twitter-text";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { postTargets, type Post, type PostTarget } from "@/db/schema";
import { PlatformError } from "@/lib/platforms";
import { DEFAULT_SHARE_MESSAGE } from "@/lib/posts/schemas";
import type { ConnectablePlatform } from "@/lib/social/schemas";

/**
 * The text that goes to one page: the post itself, or for a share the share message followed by
 * links to the originals; on X fitted to 280 weighted characters when the user allowed it.
 */

const fitsOnX = (text: string) => twitterText.parseTweet(text).valid;

/** A deterministic shortener until the AI summariser is wired: whole words, then an ellipsis. */
export function shortenForX(text: string): string {
  if (fitsOnX(text)) return text;
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fitsOnX(`${words.slice(0, mid).join(" ")}…`)) low = mid;
    else high = mid - 1;
  }
  return `${words.slice(0, low).join(" ")}…`;
}

export async function textForTarget(post: Post, target: PostTarget, platform: ConnectablePlatform): Promise<string> {
  let text = post.content;
  if (target.type === "share") {
    const originals = await db
      .select({ url: postTargets.platformPostUrl })
      .from(postTargets)
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.type, "post"), eq(postTargets.status, "published")));
    const links = originals.map((row) => row.url).filter((url): url is string => Boolean(url));
    text = [post.shareContent?.trim() || DEFAULT_SHARE_MESSAGE, ...links].join("\n");
  }
  if (platform === "twitter" && !fitsOnX(text)) {
    if (!post.summarizeForTwitter && target.type === "post") throw new PlatformError("invalid_request", "too_long");
    text = shortenForX(text);
  }
  return text;
}
