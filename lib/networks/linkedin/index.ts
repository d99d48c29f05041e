import { MB } from "@/lib/media/constants";
import { GIF, JPEG, MP4, PNG } from "../media-types";
import { platformLabels } from "../platforms";
import type { Network } from "../types";

/**
 * LinkedIn member profiles. Limits: a post up to 3,000 characters; images JPEG, PNG, GIF, under
 * 36,152,320 pixels, 5 MB; video MP4 only, 75 KB to 500 MB, 3 s to 30 min (Images and Videos APIs).
 */
export const linkedin: Network = {
  id: "linkedin",
  label: platformLabels.linkedin,
  shortLabel: "LinkedIn",
  maxLength: 3_000,
  weightedCount: false,
  summarizesLongText: false,
  threads: false,
  firstComment: false,
  publishesAs: "profile",
  feedMoreLabel: "…more",
  media: {
    imageTypes: { ...JPEG, ...PNG, ...GIF },
    imageMaxBytes: 5 * MB,
    gifMaxBytes: 5 * MB,
    maxPixels: 36_152_320,
    videoTypes: { ...MP4 },
    discouragedVideoTypes: [],
    videoMinBytes: 75 * 1024,
    videoMaxBytes: 500 * MB,
    videoNote:
      "LinkedIn accepts videos from 3 seconds to 30 minutes long; the length is checked when the post is published.",
    gifOrVideoNote: null,
  },
  writing: {
    name: "LinkedIn",
    guidance:
      "It is for LinkedIn: at most 3,000 characters. Professional and insightful, short paragraphs, a clear takeaway, up to three hashtags at the end.",
    closingQuestion: "What has your experience been? I'd love to hear your thoughts in the comments.",
  },
  viewsUnavailable: "Views unavailable: LinkedIn does not share members' post views with Postloom.",
  // /in/me/ is always one's own profile.
  recentPostsUrl: "https://www.linkedin.com/in/me/recent-activity/all/",
  permissionLabels: {},
};
