import type { NetworkPreviewStyle } from "../types";

/** A member's post: rounded-square avatar, "Now", " …more" after the text, media edge to edge. */
export const linkedinPreview: NetworkPreviewStyle = {
  byline: () => "Now",
  avatarShape: "rounded",
  moreSeparator: " ",
  framedMedia: false,
};
