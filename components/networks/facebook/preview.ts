import type { NetworkPreviewStyle } from "../types";

/** A Page's post: round avatar, "Just now", "… See more" on the same line, media edge to edge. */
export const facebookPreview: NetworkPreviewStyle = {
  byline: () => "Just now",
  avatarShape: "circle",
  moreSeparator: "… ",
  framedMedia: false,
};
