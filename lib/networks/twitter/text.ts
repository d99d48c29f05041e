import type { NetworkText } from "../types";
import { xText } from "./x-text";

/**
 * X counts the way X does, and the way the publisher does (twitter-text's weighted length: most
 * CJK characters and emoji weigh 2, every URL weighs 23). A post within 280 weighted characters is
 * shown whole; longer posts (Premium) show their first 280 weighted characters and "Show more"
 * (docs.x.com, counting-characters; /work/shared/platform-apis.md §3). Standard accounts cannot
 * post more: the editor warns instead.
 */
export const X_FEED_CUT_WEIGHTED = 280;

export const twitterText: NetworkText = {
  count: (text) => xText.parseTweet(text).weightedLength,
  fits: (text) => xText.parseTweet(text).valid,
  feedCut: (text) => {
    const parsed = xText.parseTweet(text);
    return parsed.weightedLength > X_FEED_CUT_WEIGHTED ? text.slice(0, parsed.validRangeEnd + 1).trimEnd() : null;
  },
};
