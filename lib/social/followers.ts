import { abbreviateNumber } from "@/lib/format";

/**
 * Follower figures as every screen words them. A platform that does not give the figure (a LinkedIn
 * member's followers need a partner permission) has null, shown as not available, never as 0.
 */

export const FOLLOWERS_NOT_AVAILABLE = "Followers not available";

/** Within a line: "1 follower", "12.3K followers", or "followers not available". */
export function followersText(count: number | null): string {
  if (count === null) return "followers not available";
  return `${abbreviateNumber(count)} ${count === 1 ? "follower" : "followers"}`;
}

/** A running sum of the figures known: null while none is. */
export function addKnown(sum: number | null, figure: number | null): number | null {
  return figure === null ? sum : (sum ?? 0) + figure;
}

/** The total of the figures given: 0 with nothing to count, null when none of them is known. */
export function totalFollowers(figures: readonly (number | null)[]): number | null {
  return figures.length === 0 ? 0 : figures.reduce<number | null>(addKnown, null);
}
