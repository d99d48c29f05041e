import { MB } from "@/lib/media/constants";
import { GIF, JPEG, MOV, MP4, PNG, WEBP } from "../media-types";
import { platformLabels } from "../platforms";
import type { Network } from "../types";

/**
 * X. Limits: 280 weighted characters (twitter-text, text.ts); images (JPEG, PNG, WebP, GIF) 5 MB,
 * animated GIF 15 MB, video 512 MB (MP4/MOV, at most 140 s); a post holds up to 4 images or one
 * video/GIF (docs.x.com, media upload).
 */
export const twitter: Network = {
  id: "twitter",
  label: platformLabels.twitter,
  shortLabel: "X",
  maxLength: 280,
  weightedCount: true,
  summarizesLongText: true,
  threads: false,
  firstComment: false,
  publishesAs: "profile",
  feedMoreLabel: "Show more",
  media: {
    imageTypes: { ...JPEG, ...PNG, ...WEBP, ...GIF },
    imageMaxBytes: 5 * MB,
    gifMaxBytes: 15 * MB,
    maxPixels: null,
    videoTypes: { ...MP4, ...MOV },
    discouragedVideoTypes: [],
    videoMinBytes: 0,
    videoMaxBytes: 512 * MB,
    videoNote: "X accepts videos up to 2 minutes 20 seconds long; the length is checked when the post is published.",
    gifOrVideoNote: "A post on X can carry up to 4 images, or a single video or GIF.",
  },
  writing: {
    name: "X (Twitter)",
    guidance:
      "It is for X (Twitter): at most 280 characters in X's count (every link counts as 23, most emoji and CJK characters as 2). Aim for 240 or fewer. Punchy, one idea, at most two hashtags.",
    closingQuestion: "What do you think? Let us know in the comments!",
  },
  viewsUnavailable: null,
  recentPostsUrl: "https://x.com/home",
  permissionLabels: {},
};
