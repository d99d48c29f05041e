import { cutByCharsAndLines } from "../feed-cut";
import type { NetworkText } from "../types";
import { linkedin } from "./index";

/**
 * LinkedIn counts plain characters. Its feed shows "…more" after 3 lines, about 210 characters
 * (John Espirian, "'See more' breakpoints on LinkedIn posts", Sept 2024: organic posts have a
 * 3-line preview; web-3-apps.com/char-counter/articles/linkedin-post-length: "Feed truncates at
 * ~210 characters"): cut points measured by third parties, as LinkedIn publishes none.
 */
export const LINKEDIN_FEED_CUT_CHARS = 210;
export const LINKEDIN_FEED_CUT_LINES = 3;

export const linkedinText: NetworkText = {
  count: (text) => text.length,
  fits: (text) => text.length <= linkedin.maxLength,
  feedCut: (text) => cutByCharsAndLines(text, LINKEDIN_FEED_CUT_CHARS, LINKEDIN_FEED_CUT_LINES),
};
