import sharp, { type Metadata } from "sharp";
import type { MediaFormat } from "./detect";

/**
 * Dimensions and a thumbnail for an uploaded image, with sharp (libvips). The image is decoded
 * here, before anything is stored, so a file that only starts like an image is refused.
 */

export const THUMBNAIL_MAX_SIZE = 320;
/** Beyond every platform's limit (LinkedIn: ~36 Mpx) and a bound on decode memory. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface InspectedImage {
  width: number;
  height: number;
  /** WebP, at most 320 × 320, EXIF orientation applied. */
  thumbnail: Buffer;
}

export type ImageProblem = "unreadable" | "too_many_pixels";

export class ImageInspectionError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem === "unreadable" ? "The image could not be decoded" : "The image has too many pixels");
    this.name = "ImageInspectionError";
  }
}

const SHARP_FORMAT: Partial<Record<MediaFormat, string>> = { jpeg: "jpeg", png: "png", gif: "gif", webp: "webp" };

export async function inspectImage(bytes: Uint8Array, format: MediaFormat): Promise<InspectedImage> {
  // Only the first frame of an animation is decoded; "error" refuses broken data but tolerates the
  // harmless warnings many camera JPEGs carry.
  const options = { failOn: "error", limitInputPixels: false, animated: false } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch {
    throw new ImageInspectionError("unreadable");
  }
  if (metadata.format !== SHARP_FORMAT[format] || !metadata.width || !metadata.height)
    throw new ImageInspectionError("unreadable");
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new ImageInspectionError("too_many_pixels");

  try {
    const thumbnail = await sharp(bytes, { ...options, limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_SIZE, height: THUMBNAIL_MAX_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return { width: oriented.width, height: oriented.height, thumbnail };
  } catch {
    throw new ImageInspectionError("unreadable");
  }
}
