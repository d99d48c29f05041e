import type { PostDto, PostStatus } from "@/lib/posts/schemas";
import { platformLabels } from "@/lib/networks/platforms";
import { dayKey, isSameDay, wallClock } from "./calendar";

/** What the scheduler shows of the user's posts (spec 'Schedule'): pure, so it is unit-tested. */

export type ScheduleStatusFilter = "all" | "scheduled" | "published" | "failed";
export type ScheduleSort = "date" | "platform";

export const scheduleStatusOptions: { value: ScheduleStatusFilter; label: string }[] = [
  { value: "all", label: "All Posts" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "failed", label: "Failed" },
];

export const scheduleSortOptions: { value: ScheduleSort; label: string }[] = [
  { value: "date", label: "Date" },
  { value: "platform", label: "Platform" },
];

type Dated = Pick<PostDto, "status" | "scheduledAt" | "publishedAt">;

/**
 * When the post sits on the calendar: a scheduled post on its scheduledAt, a published one when it
 * went out (publishedAt, else scheduledAt). Null: the scheduler does not show it.
 */
export function calendarInstant(post: Dated): string | null {
  if (post.status === "published") return post.publishedAt ?? post.scheduledAt;
  if (post.status === "scheduled") return post.scheduledAt;
  return null;
}

/** Spec: only scheduled posts with scheduledAt, or published ones with scheduledAt or publishedAt. */
export function schedulerPosts<T extends Dated>(posts: readonly T[]): T[] {
  return posts.filter((post) => calendarInstant(post) !== null);
}

export function postDayKey(post: Dated, timeZone?: string): string | null {
  const instant = calendarInstant(post);
  return instant ? dayKey(wallClock(new Date(instant), timeZone)) : null;
}

export interface ScheduleStats {
  scheduled: number;
  publishedToday: number;
  total: number;
}

export function scheduleStats(
  posts: readonly Pick<PostDto, "status" | "publishedAt">[],
  now = new Date(),
  timeZone?: string,
): ScheduleStats {
  return {
    scheduled: posts.filter((post) => post.status === "scheduled").length,
    publishedToday: posts.filter(
      (post) => post.status === "published" && post.publishedAt && isSameDay(new Date(post.publishedAt), now, timeZone),
    ).length,
    total: posts.length,
  };
}

/** A post's platform name for sorting: its single platform, else its first page's. */
export function primaryPlatformLabel(post: Pick<PostDto, "platform" | "pages">): string {
  const platform = post.platform ?? post.pages[0]?.platform;
  return platform ? platformLabels[platform] : "";
}

function instantMs(post: Dated): number {
  const instant = calendarInstant(post);
  return instant ? new Date(instant).getTime() : 0;
}

export function filterAndSort<T extends Dated & Pick<PostDto, "platform" | "pages">>(
  posts: readonly T[],
  status: ScheduleStatusFilter,
  sort: ScheduleSort,
): T[] {
  const kept = status === "all" ? [...posts] : posts.filter((post) => post.status === status);
  return kept.sort((a, b) => {
    if (sort === "platform") {
      const byPlatform = primaryPlatformLabel(a).localeCompare(primaryPlatformLabel(b));
      if (byPlatform !== 0) return byPlatform;
    }
    return instantMs(a) - instantMs(b);
  });
}

/** Posts grouped by calendar day, days in order, each day's posts in the given order. */
export function groupByDay<T extends Dated>(posts: readonly T[], timeZone?: string): { key: string; posts: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const post of posts) {
    const key = postDayKey(post, timeZone);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(post);
    else groups.set(key, [post]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, dayPosts]) => ({ key, posts: dayPosts }));
}

export function countByStatus(posts: readonly { status: PostStatus }[], status: PostStatus): number {
  return posts.filter((post) => post.status === status).length;
}

/** The pages the posts go to (each once, by name): the scheduler's page filter offers these. */
export function postPages(posts: readonly Pick<PostDto, "pages">[]): { id: string; name: string }[] {
  const pages = new Map<string, string>();
  for (const post of posts)
    for (const page of post.pages) if (page.pageId && !pages.has(page.pageId)) pages.set(page.pageId, page.pageName);
  return [...pages.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The posts that go to `pageId` (as a post or a share); all of them for null. */
export function onPage<T extends Pick<PostDto, "pages">>(posts: readonly T[], pageId: string | null): T[] {
  return pageId === null ? [...posts] : posts.filter((post) => post.pages.some((page) => page.pageId === pageId));
}
