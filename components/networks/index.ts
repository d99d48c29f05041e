import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { facebookPreview } from "./facebook/preview";
import { linkedinPreview } from "./linkedin/preview";
import { twitterPreview } from "./twitter/preview";
import type { NetworkPreviewStyle } from "./types";

/**
 * The browser's one registry of networks: what each draws differently (components/networks/
 * <network>/). What a network can do and takes is not here but in lib/networks/, for both sides.
 */
const previews: Record<ConnectablePlatform, NetworkPreviewStyle> = {
  facebook: facebookPreview,
  twitter: twitterPreview,
  linkedin: linkedinPreview,
};

export function networkPreview(platform: ConnectablePlatform): NetworkPreviewStyle {
  return previews[platform];
}

export type { NetworkPreviewStyle, PreviewAuthor } from "./types";
