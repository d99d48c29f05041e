import { MB, type MediaType } from "./constants";
import type { PlatformMediaCheck } from "./schemas";

/**
 * What each platform accepts for a post's media, from their published limits:
 * - X: images (JPEG, PNG, WebP, GIF) 5 MB, animated GIF 15 MB, video 512 MB (MP4/MOV, at most
 *   140 s); a post holds up to 4 images or one video/GIF (docs.x.com, media upload).
 * - LinkedIn: images JPEG, PNG, GIF, under 36,152,320 pixels, 5 MB; video MP4 only, 75 KB to
 *   500 MB, 3 s to 30 min (Images and Videos APIs).
 * - Facebook Pages: photos under 4 MB (JPEG, PNG, GIF, WebP); videos up to 1 GB in one request,
 *   MP4 or MOV recommended (Graph API page photos and videos).
 * Our own upload limits (10 MB images, 50 MB videos) already sit under every video limit, but the
 * rules are kept whole so a limit change here or there stays honest. Pure: no I/O.
 */

export type MediaPlatform = "facebook" | "twitter" | "linkedin";

export interface MediaFacts {
  type: MediaType;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

interface PlatformRules {
  label: string;
  imageTypes: Record<string, string>;
  imageMaxBytes: number;
  gifMaxBytes: number;
  maxPixels: number | null;
  videoTypes: Record<string, string>;
  /** Formats accepted but not recommended. */
  discouragedVideoTypes: string[];
  videoMinBytes: number;
  videoMaxBytes: number;
  videoNote: string;
  gifOrVideoNote: string | null;
}

const JPEG = { "image/jpeg": "JPEG" };
const PNG = { "image/png": "PNG" };
const GIF = { "image/gif": "GIF" };
const WEBP = { "image/webp": "WebP" };
const MP4 = { "video/mp4": "MP4" };
const MOV = { "video/quicktime": "MOV" };
const AVI = { "video/x-msvideo": "AVI" };
const WEBM = { "video/webm": "WebM" };

export const PLATFORM_MEDIA_RULES: Record<MediaPlatform, PlatformRules> = {
  twitter: {
    label: "X",
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
  linkedin: {
    label: "LinkedIn",
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
  facebook: {
    label: "Facebook",
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
};

const MIN_SHARP_SIDE = 200;

function megabytes(bytes: number): string {
  const value = bytes / MB;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

export function checkMediaForPlatform(media: MediaFacts, platform: MediaPlatform): PlatformMediaCheck {
  const rules = PLATFORM_MEDIA_RULES[platform];
  const errors: string[] = [];
  const warnings: string[] = [];
  const isVideo = media.type === "video";
  const accepted = isVideo ? rules.videoTypes : rules.imageTypes;
  const kind = isVideo ? "videos" : media.type === "gif" ? "GIFs" : "images";

  if (!(media.mimeType in accepted)) {
    errors.push(
      `${rules.label} does not accept this file type. ${rules.label} accepts ${isVideo ? "videos" : "images"} in ${list(Object.values(accepted))}.`,
    );
  }
  const maxBytes = isVideo ? rules.videoMaxBytes : media.type === "gif" ? rules.gifMaxBytes : rules.imageMaxBytes;
  if (media.size > maxBytes) {
    errors.push(`${rules.label} accepts ${kind} up to ${megabytes(maxBytes)}; this file is ${megabytes(media.size)}.`);
  }
  if (isVideo && media.size < rules.videoMinBytes) {
    errors.push(
      `${rules.label} needs videos of at least ${Math.round(rules.videoMinBytes / 1024)} KB; this file is ${Math.ceil(media.size / 1024)} KB.`,
    );
  }
  if (!isVideo && rules.maxPixels && media.width && media.height && media.width * media.height > rules.maxPixels) {
    errors.push(
      `${rules.label} accepts images of up to ${rules.maxPixels.toLocaleString("en-GB")} pixels; this one is ${media.width} × ${media.height}.`,
    );
  }

  if (isVideo) {
    warnings.push(rules.videoNote);
    if (rules.discouragedVideoTypes.includes(media.mimeType))
      warnings.push(`${rules.label} recommends MP4 or MOV videos; this one may be converted or refused.`);
  }
  if ((isVideo || media.type === "gif") && rules.gifOrVideoNote) warnings.push(rules.gifOrVideoNote);
  if (!isVideo && media.width && media.height && Math.min(media.width, media.height) < MIN_SHARP_SIDE) {
    warnings.push(
      `The image is ${media.width} × ${media.height} pixels; below ${MIN_SHARP_SIDE} pixels on a side it may look blurry on ${rules.label}.`,
    );
  }
  return { valid: errors.length === 0, errors, warnings };
}
