import { networkOrNull } from "@/lib/networks";
import type { BestTimeCell, Change, DateRangeQuery, PlatformStat } from "./schemas";

/**
 * Pure display helpers of the /analytics page (spec section 2 "Analytics", section 9 "Analytics
 * ranges"): the range chips, percentages, per-card changes and the best-time grid. No I/O, no React;
 * unit-tested in tests/unit/analytics-display.test.ts.
 */

export const rangePresets = [
  { id: "7d", label: "Last 7 Days", days: 7 },
  { id: "30d", label: "Last 30 Days", days: 30 },
  { id: "90d", label: "Last 90 Days", days: 90 },
  { id: "all", label: "All Time", days: null },
] as const;
export type RangePresetId = (typeof rangePresets)[number]["id"];
export const DEFAULT_RANGE: RangePresetId = "30d";

const DAY_MS = 24 * 60 * 60 * 1000;

/** N days back from `now` as ISO instants (spec section 7); All Time sends no dates. */
export function rangeFor(id: RangePresetId, now: Date): DateRangeQuery {
  const preset = rangePresets.find((p) => p.id === id);
  if (!preset?.days) return {};
  return { startDate: new Date(now.getTime() - preset.days * DAY_MS).toISOString(), endDate: now.toISOString() };
}

/** A fraction as a percentage with one decimal: 0.0523 → "5.2%", 0 → "0.0%". */
export function formatPercent(fraction: number): string {
  const value = Number.isFinite(fraction) ? fraction * 100 : 0;
  // -0.04 % rounds to "-0.0%": show it as "0.0%".
  const rounded = Math.round(value * 10) / 10;
  return `${(rounded === 0 ? 0 : rounded).toFixed(1)}%`;
}

/**
 * A card's change against the previous period: "+25.0%", "−10.5%" (a true minus sign), "0.0%".
 * Null (no previous period or nothing in it) gives null: the card then shows no change at all.
 */
export function formatChange(change: Change): { text: string; direction: "up" | "down" | "flat" } | null {
  if (change === null || !Number.isFinite(change)) return null;
  const rounded = Math.round(change * 1000) / 10;
  if (rounded === 0) return { text: "0.0%", direction: "flat" };
  const sign = rounded > 0 ? "+" : "\u2212";
  return { text: `${sign}${Math.abs(rounded).toFixed(1)}%`, direction: rounded > 0 ? "up" : "down" };
}

/** The pie's value for a platform (spec: views + likes + shares + comments). */
export function distributionValue(stat: Pick<PlatformStat, "views" | "likes" | "shares" | "comments">): number {
  return stat.views + stat.likes + stat.shares + stat.comments;
}

/** Monday first, as the server numbers them (0 = Monday … 6 = Sunday). */
export const weekdayLabels = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export interface BestTimeGridCell {
  weekday: number;
  hour: number;
  posts: number;
  engagementRate: number;
  /** 0 (no posts, or the lowest rate) … 1 (the best cell): the shade to draw. */
  intensity: number;
}

export interface BestTimeGrid {
  /** 7 rows (Monday first) of 24 hours. */
  rows: BestTimeGridCell[][];
  /** The cell with the highest rate (ties: more posts, then the earlier weekday and hour); null when empty. */
  best: BestTimeGridCell | null;
}

/** Lays the server's sparse cells out as a weekday × hour grid; cells outside 0–6 × 0–23 are dropped. */
export function bestTimeGrid(cells: readonly BestTimeCell[]): BestTimeGrid {
  const rows: BestTimeGridCell[][] = weekdayLabels.map((_, weekday) =>
    Array.from({ length: 24 }, (_, hour) => ({ weekday, hour, posts: 0, engagementRate: 0, intensity: 0 })),
  );
  const placed: BestTimeGridCell[] = [];
  for (const cell of cells) {
    const target = rows[cell.weekday]?.[cell.hour];
    if (!target || cell.posts <= 0) continue;
    target.posts = cell.posts;
    target.engagementRate = Number.isFinite(cell.engagementRate) ? Math.max(0, cell.engagementRate) : 0;
    placed.push(target);
  }
  const max = Math.max(0, ...placed.map((c) => c.engagementRate));
  for (const cell of placed) cell.intensity = max > 0 ? cell.engagementRate / max : 0;
  const best =
    [...placed].sort(
      (a, b) => b.engagementRate - a.engagementRate || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour,
    )[0] ?? null;
  return { rows, best };
}

/** "09:00" for hour 9. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/** What "—" stands for where a platform gives no views: said to screen readers and on hover. */
export const VIEWS_UNAVAILABLE =
  "Views unavailable: the platform does not share them with Postloom (for a Facebook Page, reconnect it and leave “Read the Insights of Pages you manage” ticked)";

/** The same, for one platform's pages. */
export function viewsUnavailableReason(platform: string): string {
  return networkOrNull(platform)?.viewsUnavailable ?? VIEWS_UNAVAILABLE;
}

/** Why a post's views total leaves pages out: those pages give no views (null when none is left out). */
export function partialViewsNote(unavailablePages: number): string | null {
  if (unavailablePages <= 0) return null;
  return `not counting ${unavailablePages} ${unavailablePages === 1 ? "page" : "pages"} whose views are unavailable`;
}
