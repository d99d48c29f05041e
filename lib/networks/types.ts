import type { ConnectablePlatform } from "./platforms";

/**
 * What a network can do and what it takes, asked by the rest of the code instead of its name: one
 * `Network` per network in lib/networks/<network>/index.ts, gathered by lib/networks/index.ts.
 * Plain values, client-safe. How a network counts and cuts text is apart, in `NetworkText`
 * (lib/networks/<network>/text.ts, gathered by lib/networks/text.ts), so pages that only need a
 * network's name or limits do not ship X's counter (twitter-text).
 */
export interface Network {
  id: ConnectablePlatform;
  /** Its name on pages and in messages ('Twitter/X'): platformLabels in lib/networks/platforms.ts. */
  label: string;
  /** Its short name beside character counts, in warnings and in previews ('X'). */
  shortLabel: string;
  /** The most characters a post may have, in the network's own count (NetworkText.count). */
  maxLength: number;
  /**
   * Counts characters by weight (X: most CJK characters and emoji weigh 2, every link 23) rather
   * than one each: a text too long for it is then shortened word by word against its count.
   */
  weightedCount: boolean;
  /**
   * A text too long for it may still go out as a summary the publisher writes, when the user
   * turned that on for the post ('Summarize for X'); other networks refuse a text too long.
   */
  summarizesLongText: boolean;
  /** Takes a thread (a post with replies of its own) from Postloom. No network does yet. */
  threads: boolean;
  /** Takes a first comment published under the post. No network does yet. */
  firstComment: boolean;
  /**
   * Who a post is published as. "pages": after signing in the user chooses Pages, each with its
   * own token; an expired token flags the Page, and the account is known by its Page (Facebook).
   * "profile": the signed-in profile itself, with the account's token.
   */
  publishesAs: "pages" | "profile";
  /** The link its feed shows after a long post's first lines ('See more'). */
  feedMoreLabel: string;
  /** What it accepts as a post's media. */
  media: MediaRules;
  /** How the AI writes for it. */
  writing: {
    /** Its name in prompts ('X (Twitter)'). */
    name: string;
    /** The prompt's sentence on length and tone. */
    guidance: string;
    /** The question the offline writer ends an improved post with. */
    closingQuestion: string;
  };
  /** Why its posts show no view figure (said on hover and to screen readers); null when they have one. */
  viewsUnavailable: string | null;
  /** Where the owner sees what went out on their profile, to check a post nothing could decide. */
  recentPostsUrl: string;
  /** The words for the permission codes the network grants a page (Facebook's tasks); others are spelled out. */
  permissionLabels: Record<string, string>;
}

/** How a network counts and cuts a post's text. Pure and client-safe. */
export interface NetworkText {
  /** Characters in the network's own count (X: twitter-text's weighted length). */
  count(text: string): number;
  /** Whether the network takes this text (X: whatever twitter-text calls valid). */
  fits(text: string): boolean;
  /** What its feed shows of this (trimmed) text before the "more" link; null when it shows all of it. */
  feedCut(text: string): string | null;
}

/** A network's media rules, from its published limits (sources beside each network's values). */
export interface MediaRules {
  /** Accepted image types (GIFs included), MIME type → the name messages use. */
  imageTypes: Record<string, string>;
  imageMaxBytes: number;
  gifMaxBytes: number;
  maxPixels: number | null;
  videoTypes: Record<string, string>;
  /** Formats accepted but not recommended. */
  discouragedVideoTypes: string[];
  videoMinBytes: number;
  videoMaxBytes: number;
  videoNote: string;
  gifOrVideoNote: string | null;
}
