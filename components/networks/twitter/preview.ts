import type { NetworkPreviewStyle } from "../types";

/** A post on X: round avatar, "@handle · now", "Show more" on a line of its own, media in a frame. */
export const twitterPreview: NetworkPreviewStyle = {
  byline: (author) => (author.username ? `@${author.username.replace(/^@/, "")} · now` : "now"),
  avatarShape: "circle",
  moreSeparator: "\n",
  framedMedia: true,
};
