import { MB } from "@/lib/media/constants";
import { AVI, GIF, JPEG, MOV, MP4, PNG, WEBM, WEBP } from "../media-types";
import { platformLabels } from "../platforms";
import type { Network } from "../types";

/**
 * Facebook Pages. Limits: a post up to 63,206 characters; photos under 4 MB (JPEG, PNG, GIF, WebP);
 * videos up to 1 GB in one request, MP4 or MOV recommended (Graph API page photos and videos).
 */
export const facebook: Network = {
  id: "facebook",
  label: platformLabels.facebook,
  shortLabel: "Facebook",
  maxLength: 63_206,
  weightedCount: false,
  summarizesLongText: false,
  threads: false,
  firstComment: false,
  publishesAs: "pages",
  feedMoreLabel: "See more",
  media: {
    imageTypes: { ...JPEG, ...PNG, ...GIF, ...WEBP },
    imageMaxBytes: 4 * MB,
    gifMaxBytes: 4 * MB,
    maxPixels: null,
    videoTypes: { ...MP4, ...MOV, ...AVI, ...WEBM },
    discouragedVideoTypes: ["video/x-msvideo", "video/webm"],
    videoMinBytes: 0,
    videoMaxBytes: 1024 * MB,
    videoNote: "Facebook processes videos after upload; long videos may take a while to appear.",
    gifOrVideoNote: null,
  },
  writing: {
    name: "Facebook",
    guidance:
      "It is for a Facebook Page: at most 63,206 characters, but keep it readable: conversational, a few short paragraphs, emoji sparingly.",
    closingQuestion: "What do you think? Let us know in the comments!",
  },
  viewsUnavailable:
    "Views unavailable: Facebook shares them only with the read_insights permission. Reconnect the Page and leave “Read the Insights of Pages you manage” ticked.",
  recentPostsUrl: "https://www.facebook.com/",
  // The Page tasks of the Graph API (/me/accounts `tasks`), as Meta's Page settings name them.
  permissionLabels: {
    MANAGE: "Manage",
    CREATE_CONTENT: "Create content",
    MODERATE: "Moderate",
    MESSAGING: "Messages",
    ADVERTISE: "Advertise",
    ANALYZE: "View insights",
  },
};
