import { cutByCharsAndLines } from "../feed-cut";
import type { NetworkText } from "../types";
import { facebook } from "./index";

/**
 * Facebook counts plain characters. Its desktop feed shows "See more" after about 477 characters
 * (posthell.com/tools/facebook-character-counter; socialk.it/tools/facebook-character-counter):
 * the cut point as measured by third parties, as Facebook publishes none.
 */
export const FACEBOOK_FEED_CUT_CHARS = 477;

export const facebookText: NetworkText = {
  count: (text) => text.length,
  fits: (text) => text.length <= facebook.maxLength,
  feedCut: (text) => cutByCharsAndLines(text, FACEBOOK_FEED_CUT_CHARS, null),
};
