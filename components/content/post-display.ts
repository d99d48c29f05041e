import type { PostDto, PostPageEntry, PostStatus } from "@/lib/posts/schemas";
import type { PostSort, PostStatusFilter } from "@/lib/posts/query-keys";
import type { SocialPlatform } from "@/lib/networks/platforms";
import { formatPercent } from "@/lib/analytics/display";
import { dateTimeFormat } from "@/lib/format";

/** Pure display rules of the post list (no React, no I/O), so they can be unit-tested. */

/** What names a post with neither a title nor any text (a draft saved with media only, say). */
export const NO_TEXT_POST = "Post without text";

export const statusFilterOptions: { value: PostStatusFilter; label: string }[] = [
  { value: "all", label: "All Posts" },
  { value: "draft", label: "Drafts" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "failed", label: "Failed" },
];

export const sortOptions: { value: PostSort; label: string }[] = [
  { value: "date", label: "Date" },
  { value: "views", label: "Views" },
  { value: "likes", label: "Likes" },
  { value: "status", label: "Status" },
];

export const statusLabels: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  failed: "Failed",
};

export function isStatusFilter(value: string): value is PostStatusFilter {
  return statusFilterOptions.some((option) => option.value === value);
}

export function isPostSort(value: string): value is PostSort {
  return sortOptions.some((option) => option.value === value);
}

/** Spec section 4: Edit (and Publish) are offered only for draft or failed posts. */
export function isEditable(post: Pick<PostDto, "status">): boolean {
  return post.status === "draft" || post.status === "failed";
}

const TITLE_LINE_MAX = 100;

/** The post's first line with text, cut at a word near `max` characters; "" when it has no text. */
export function firstLine(content: string, max = TITLE_LINE_MAX): string {
  const line =
    content
      .split(/\r?\n/)
      .find((value) => value.trim() !== "")
      ?.trim() ?? "";
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How a post is listed (Content Creator, Post Details): its title, else its first line. */
export function postTitle(post: Pick<PostDto, "title" | "content">): string {
  return post.title?.trim() || firstLine(post.content) || NO_TEXT_POST;
}

/**
 * What a Publish from the list sends: every page the post has not reached yet (a draft: all of
 * them; a failed post: the ones that failed), and the pages it already reached, which the server
 * never sends again. Names are listed once each, in the post's order.
 */
export function publishTargets(post: Pick<PostDto, "pages">): { toSend: string[]; alreadyOut: string[] } {
  const names = (published: boolean) => [
    ...new Set(post.pages.filter((page) => (page.status === "published") === published).map((page) => page.pageName)),
  ];
  return { toSend: names(false), alreadyOut: names(true) };
}

const SHORT_NAME_WORDS = 8;

/** How the post is named in small places (checkbox labels, dialogs, calendar chips): its title, else its first line's first words. */
export function postShortName(post: Pick<PostDto, "title" | "content">): string {
  const title = post.title?.trim();
  if (title) return title;
  const words = firstLine(post.content, Number.MAX_SAFE_INTEGER).split(/\s+/).filter(Boolean);
  if (words.length === 0) return NO_TEXT_POST;
  const head = words.slice(0, SHORT_NAME_WORDS).join(" ");
  return words.length > SHORT_NAME_WORDS ? `${head}…` : head;
}

/** The moment that matters for the post's status: when it will go out, when it went out, or when it was written. */
export function postDate(post: Pick<PostDto, "status" | "scheduledAt" | "publishedAt" | "createdAt">): {
  label: "Scheduled for" | "Published" | "Created";
  iso: string;
} {
  if (post.status === "scheduled" && post.scheduledAt) return { label: "Scheduled for", iso: post.scheduledAt };
  if (post.status === "published" && post.publishedAt) return { label: "Published", iso: post.publishedAt };
  return { label: "Created", iso: post.createdAt };
}

/** Date and time in the user's locale and time zone; "Unknown date" for anything unparsable. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "Unknown date";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "Unknown date";
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

function uniquePlatforms(pages: readonly PostPageEntry[], status: PostPageEntry["status"]): SocialPlatform[] {
  return [...new Set(pages.filter((page) => page.status === status).map((page) => page.platform))];
}

/** Platforms with at least one page the post went out on (a single-platform published post counts its platform). */
export function publishedPlatforms(post: Pick<PostDto, "pages" | "platform" | "status">): SocialPlatform[] {
  const fromPages = uniquePlatforms(post.pages, "published");
  if (fromPages.length === 0 && post.pages.length === 0 && post.status === "published" && post.platform)
    return [post.platform];
  return fromPages;
}

export function failedPlatforms(post: Pick<PostDto, "pages">): SocialPlatform[] {
  return uniquePlatforms(post.pages, "failed");
}

/** Platforms with a page whose outcome the owner must check (its answers are under More). */
export function platformsToCheck(post: Pick<PostDto, "pages">): SocialPlatform[] {
  return uniquePlatforms(post.pages, "needs_check");
}

/** Spec 'Per-page post status': published, failed, otherwise pending ('publishing' while it runs). */
export function pageStatusLabel(status: PostPageEntry["status"]): string {
  if (status === "published") return "Published";
  if (status === "failed") return "Failed";
  if (status === "publishing") return "Publishing";
  if (status === "needs_check") return "Needs your check";
  return "Pending";
}

/** engagement_rate is a fraction: 0.0423 → "4.2%"; null (views unavailable, so no rate) → "—". */
export function formatEngagement(rate: number | null | undefined): string {
  if (rate === null) return "—";
  return formatPercent(typeof rate === "number" ? rate : 0);
}

/** A safe link target: only http(s) URLs from the platforms are rendered as links. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The DOM id of a post's article, used to scroll the highlighted post into view. */
export function postElementId(postId: string): string {
  return `post-${postId}`;
}

export interface Destination {
  key: string;
  name: string;
  platform: SocialPlatform;
}

/** The pages a post targets, once each: those it posts on, and those that reshare it. */
export function destinationsOf(post: Pick<PostDto, "pages">): { postsTo: Destination[]; resharesFrom: Destination[] } {
  const list = (type: PostPageEntry["type"]) => {
    const seen = new Set<string>();
    const result: Destination[] = [];
    for (const page of post.pages) {
      const key = `${page.platform}:${page.pageId ?? page.pageName}`;
      if (page.type !== type || seen.has(key)) continue;
      seen.add(key);
      result.push({ key, name: page.pageName || "Unknown page", platform: page.platform });
    }
    return result;
  };
  return { postsTo: list("post"), resharesFrom: list("share") };
}

/** Figures exist only for a post that went out somewhere: drafts and scheduled posts show none. */
export function showsMetrics(post: Pick<PostDto, "pages" | "platform" | "status">): boolean {
  return post.status !== "draft" && post.status !== "scheduled" && publishedPlatforms(post).length > 0;
}
