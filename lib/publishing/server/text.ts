import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { postTargets, type Post, type PostTarget } from "@/db/schema";
import { fitsOnTwitter, shortenForTwitter } from "@/lib/ai/server/fit-text";
import { shareMessageForPublishing } from "@/lib/ai/server/share-message";
import { fitForTwitterWhilePublishing } from "@/lib/ai/server/twitter-summary";
import { network } from "@/lib/networks";
import { PlatformError } from "@/lib/networks/server";
import { DEFAULT_SHARE_MESSAGE } from "@/lib/posts/schemas";
import { UNCERTAIN } from "@/lib/posts/server/target-states";
import type { ConnectablePlatform } from "@/lib/social/schemas";

export { shortenForTwitter };

/**
 * The text that goes to one page: the post itself, or for a share the share message followed by
 * links to the originals; on X fitted to 280 weighted characters when the user allowed it. The AI
 * helps where the user asked for it ('Summarize for X', 'AI share message'), and every AI failure
 * falls back to deterministic text: the AI never fails a publish.
 */

/**
 * The engine marks a target "uncertain" when an earlier attempt may have reached the platform; that
 * attempt is looked up by its exact text, so the retry must not write a new one.
 */

function publishingContext(post: Post, target: PostTarget) {
  return {
    post: {
      workspaceId: post.workspaceId,
      content: post.content,
      postId: post.id,
      scheduleVersion: post.scheduleVersion,
      targetId: target.id,
    },
    options: { retryOfUncertain: target.errorCode === UNCERTAIN },
  };
}

/** The share message, whole words shortened until it and the links fit X; the links are kept whole. */
function fitShareForTwitter(message: string, links: string[]): string {
  const compose = (head: string) => [head, ...links].join("\n");
  if (fitsOnTwitter(compose(message))) return compose(message);
  const words = message.replace(/\s+/g, " ").trim().split(" ");
  for (let end = words.length - 1; end > 0; end -= 1) {
    const candidate = compose(`${words.slice(0, end).join(" ")}…`);
    if (fitsOnTwitter(candidate)) return candidate;
  }
  return shortenForTwitter(compose(message));
}

/**
 * The text for a page when it needs neither the database nor the AI (the usual post), known before
 * the page is claimed so the claim can record it (claim.ts); null otherwise.
 */
export function plainTextForTarget(
  post: Post,
  target: Pick<PostTarget, "type">,
  platform: ConnectablePlatform,
): string | null {
  if (target.type !== "post") return null;
  if (network(platform).summarizesLongText && !fitsOnTwitter(post.content)) return null;
  return post.content;
}

export async function textForTarget(post: Post, target: PostTarget, platform: ConnectablePlatform): Promise<string> {
  const plain = plainTextForTarget(post, target, platform);
  if (plain !== null) return plain;
  if (target.type === "share") {
    const originals = await db
      .select({ url: postTargets.platformPostUrl })
      .from(postTargets)
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.type, "post"), eq(postTargets.status, "published")));
    const links = originals.map((row) => row.url).filter((url): url is string => Boolean(url));
    const fallback = post.shareContent?.trim() || DEFAULT_SHARE_MESSAGE;
    const ai = publishingContext(post, target);
    const message = post.useAIShareMessage
      ? ((await shareMessageForPublishing(ai.post, ai.options)) ?? fallback)
      : fallback;
    return network(platform).summarizesLongText ? fitShareForTwitter(message, links) : [message, ...links].join("\n");
  }
  // A post too long for X.
  if (!post.summarizeForTwitter) throw new PlatformError("invalid_request", "too_long");
  const ai = publishingContext(post, target);
  return fitForTwitterWhilePublishing(ai.post, ai.options);
}
