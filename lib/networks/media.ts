import { MB, type MediaType } from "@/lib/media/constants";
import type { PlatformMediaCheck } from "@/lib/media/schemas";
import { network } from "./index";
import type { ConnectablePlatform } from "./platforms";

/**
 * Checking a file against what a network accepts for a post's media (its `media` rules, with their
 * sources, in lib/networks/<network>/index.ts): the media check answers with the result (lib/media/server/service.ts), and the publisher
 * refuses what does not fit before anything is uploaded (lib/networks/server/media.ts). Our own
 * upload limits (10 MB images, 50 MB videos) already sit under every video limit, but the rules
 * are kept whole so a limit change here or there stays honest. Pure: no I/O.
 */

export type MediaPlatform = ConnectablePlatform;

export interface MediaFacts {
  type: MediaType;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

const MIN_SHARP_SIDE = 200;

function megabytes(bytes: number): string {
  const value = bytes / MB;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

export function checkMediaForPlatform(media: MediaFacts, platform: MediaPlatform): PlatformMediaCheck {
  const { media: rules, shortLabel: label } = network(platform);
  const errors: string[] = [];
  const warnings: string[] = [];
  const isVideo = media.type === "video";
  const accepted = isVideo ? rules.videoTypes : rules.imageTypes;
  const kind = isVideo ? "videos" : media.type === "gif" ? "GIFs" : "images";

  if (!(media.mimeType in accepted)) {
    errors.push(
      `${label} does not accept this file type. ${label} accepts ${isVideo ? "videos" : "images"} in ${list(Object.values(accepted))}.`,
    );
  }
  const maxBytes = isVideo ? rules.videoMaxBytes : media.type === "gif" ? rules.gifMaxBytes : rules.imageMaxBytes;
  if (media.size > maxBytes) {
    errors.push(`${label} accepts ${kind} up to ${megabytes(maxBytes)}; this file is ${megabytes(media.size)}.`);
  }
  if (isVideo && media.size < rules.videoMinBytes) {
    errors.push(
      `${label} needs videos of at least ${Math.round(rules.videoMinBytes / 1024)} KB; this file is ${Math.ceil(media.size / 1024)} KB.`,
    );
  }
  if (!isVideo && rules.maxPixels && media.width && media.height && media.width * media.height > rules.maxPixels) {
    errors.push(
      `${label} accepts images of up to ${rules.maxPixels.toLocaleString("en-GB")} pixels; this one is ${media.width} × ${media.height}.`,
    );
  }

  if (isVideo) {
    warnings.push(rules.videoNote);
    if (rules.discouragedVideoTypes.includes(media.mimeType))
      warnings.push(`${label} recommends MP4 or MOV videos; this one may be converted or refused.`);
  }
  if ((isVideo || media.type === "gif") && rules.gifOrVideoNote) warnings.push(rules.gifOrVideoNote);
  if (!isVideo && media.width && media.height && Math.min(media.width, media.height) < MIN_SHARP_SIDE) {
    warnings.push(
      `The image is ${media.width} × ${media.height} pixels; below ${MIN_SHARP_SIDE} pixels on a side it may look blurry on ${label}.`,
    );
  }
  return { valid: errors.length === 0, errors, warnings };
}
