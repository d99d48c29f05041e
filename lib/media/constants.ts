/**
 * The media API's limits, messages and shapes: plain values, no zod, so the editor and the media
 * library do not ship the validation library in their first load. Re-exported by
 * lib/media/schemas.ts.
 */

export const MEDIA_MAX_FILES = 10;
/** Bytes in a megabyte, as every size limit here counts it. */
export const MB = 1024 * 1024;
export const IMAGE_MAX_MB = 10;
export const VIDEO_MAX_MB = 50;
export const MEDIA_MESSAGES = {
  invalidType: "Invalid file type. Only images (JPEG, PNG, GIF, WebP) and videos (MP4, MOV, AVI, WebM) are allowed.",
  tooLarge: (filename: string, kind: "images" | "videos", mb: number) =>
    `File "${filename}" is too large. Maximum size for ${kind} is ${mb} MB.`,
  tooMany: (n: number) => `You can only upload up to ${n} files at once.`,
  mixed: "Images and videos cannot be mixed in one post.",
  noFiles: "Choose at least one file to upload.",
  notMultipart: 'Send the files as multipart/form-data, each in a field named "media".',
  uploadTooLarge: `The upload is too large. Upload at most ${MEDIA_MAX_FILES} files of up to ${VIDEO_MAX_MB} MB each.`,
  unreadableImage: (filename: string) => `File "${filename}" is damaged or is not a valid image.`,
  tooManyPixels: (filename: string, megapixels: number) =>
    `Image "${filename}" has too many pixels. Maximum is ${megapixels} megapixels.`,
  notFound: "Media not found",
  deleted: "Media deleted",
  inScheduledPost:
    "This file is used by a post that is scheduled or being published. Remove it from the post or unschedule the post first.",
} as const;

export type MediaType = "image" | "video" | "gif";

/** Spec 'Media item'. `url` and `thumbnail` are served by the app to the owner only. */
export interface MediaItem {
  id: string;
  filename: string;
  originalFilename: string;
  url: string;
  thumbnail: string | null;
  type: MediaType;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
}
