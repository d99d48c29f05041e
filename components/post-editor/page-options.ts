import type { PostDto } from "@/lib/posts/schemas";
import { platformLabels, socialPlatforms, type SocialPlatform } from "@/lib/networks/platforms";
import type { AccountGroup } from "@/lib/social/schemas";

/** A page the editor can post to or share from: a connected page, or one a saved post still names. */
export interface PageOption {
  id: string;
  name: string;
  platform: SocialPlatform | null;
  /** The page's picture, when the platform gave one. */
  picture: string | null;
  hasValidToken: boolean;
  /** False for a page the post was saved with that is no longer connected. */
  connected: boolean;
}

export interface PageOptionGroup {
  key: string;
  label: string;
  platform: SocialPlatform | null;
  pages: PageOption[];
}

export type PageRole = "post" | "share";

function isPlatform(value: unknown): value is SocialPlatform {
  return typeof value === "string" && (socialPlatforms as readonly string[]).includes(value);
}

/** Connected pages grouped by platform, then (when editing) the post's pages that are no longer connected. */
export function buildPageOptions(groups: readonly AccountGroup[], post?: PostDto): PageOptionGroup[] {
  const byPlatform = new Map<SocialPlatform, PageOption[]>();
  const known = new Set<string>();
  for (const group of groups) {
    for (const page of group.pages) {
      if (known.has(page.id)) continue;
      known.add(page.id);
      const list = byPlatform.get(group.platform) ?? [];
      list.push({
        id: page.id,
        name: page.name,
        platform: page.platform ?? group.platform,
        picture: page.profilePicture,
        hasValidToken: page.hasValidToken,
        connected: true,
      });
      byPlatform.set(group.platform, list);
    }
  }
  const result: PageOptionGroup[] = [...byPlatform].map(([platform, pages]) => ({
    key: platform,
    label: platformLabels[platform],
    platform,
    pages,
  }));

  const missing: PageOption[] = [];
  for (const entry of post?.pages ?? []) {
    if (!entry.pageId || known.has(entry.pageId)) continue;
    known.add(entry.pageId);
    missing.push({
      id: entry.pageId,
      name: entry.pageName || entry.pageId,
      platform: isPlatform(entry.platform) ? entry.platform : null,
      picture: null,
      hasValidToken: false,
      connected: false,
    });
  }
  if (missing.length > 0)
    result.push({ key: "not-connected", label: "No longer connected", platform: null, pages: missing });
  return result;
}

export function allPageIds(groups: readonly PageOptionGroup[]): string[] {
  return groups.flatMap((group) => group.pages.map((page) => page.id));
}

/** The pages ticked when the editor opens: the saved post's, or the pages the dashboard preselected. */
export function initialSelection(
  role: PageRole,
  groups: readonly PageOptionGroup[],
  post: PostDto | undefined,
  preselectedPageId: string | readonly string[] | null | undefined,
): string[] {
  if (post) {
    const ids = post.pages
      .filter((entry) => entry.type === role && entry.pageId)
      .map((entry) => entry.pageId as string);
    return [...new Set(ids)];
  }
  if (role !== "post" || !preselectedPageId) return [];
  const wanted = typeof preselectedPageId === "string" ? [preselectedPageId] : preselectedPageId;
  const known = allPageIds(groups);
  return [...new Set(wanted.filter((id) => known.includes(id)))];
}

export interface PageEntry {
  type: PageRole;
  pageId: string;
  platform: SocialPlatform | null;
}

/** The `pages` of a save: original posts first, then shares, each with its platform (null when unknown). */
export function toPageEntries(
  groups: readonly PageOptionGroup[],
  postIds: readonly string[],
  shareIds: readonly string[],
): PageEntry[] {
  const options = new Map(groups.flatMap((group) => group.pages.map((page) => [page.id, page] as const)));
  const entry = (type: PageRole) => (pageId: string) => ({
    type,
    pageId,
    platform: options.get(pageId)?.platform ?? null,
  });
  return [...postIds.map(entry("post")), ...shareIds.map(entry("share"))];
}

/** A network with more pages than this gets a search box over the chips. */
export const PAGE_SEARCH_THRESHOLD = 6;

export function needsPageSearch(groups: readonly PageOptionGroup[]): boolean {
  return groups.some((group) => group.pages.length > PAGE_SEARCH_THRESHOLD);
}

/**
 * The groups narrowed to pages whose name contains `query` (any case); chosen pages always stay,
 * so a search never hides what the post will reach. Groups left empty are dropped.
 */
export function filterPageOptions(
  groups: readonly PageOptionGroup[],
  query: string,
  selected: readonly string[],
): readonly PageOptionGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return groups;
  return groups
    .map((group) => ({
      ...group,
      pages: group.pages.filter((page) => selected.includes(page.id) || page.name.toLocaleLowerCase().includes(needle)),
    }))
    .filter((group) => group.pages.length > 0);
}
