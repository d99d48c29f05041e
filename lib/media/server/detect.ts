import { IMAGE_MAX_MB, MB, MEDIA_MESSAGES, VIDEO_MAX_MB, type MediaType } from "@/lib/media/schemas";

/**
 * What a file is, decided from its first bytes (magic numbers). The declared MIME type and the
 * extension are never consulted: a renamed executable is refused whatever it is called, and a JPEG
 * named .png is stored and served as the JPEG it is. Pure: no I/O.
 */

export type MediaFormat = "jpeg" | "png" | "gif" | "webp" | "mp4" | "mov" | "avi" | "webm";

export interface DetectedMedia {
  format: MediaFormat;
  kind: "image" | "video";
  type: MediaType;
  mimeType: string;
  /** Canonical extension of the stored file, without the dot. */
  extension: string;
}

const FORMATS: Record<MediaFormat, Omit<DetectedMedia, "format">> = {
  jpeg: { kind: "image", type: "image", mimeType: "image/jpeg", extension: "jpg" },
  png: { kind: "image", type: "image", mimeType: "image/png", extension: "png" },
  gif: { kind: "image", type: "gif", mimeType: "image/gif", extension: "gif" },
  webp: { kind: "image", type: "image", mimeType: "image/webp", extension: "webp" },
  mp4: { kind: "video", type: "video", mimeType: "video/mp4", extension: "mp4" },
  mov: { kind: "video", type: "video", mimeType: "video/quicktime", extension: "mov" },
  avi: { kind: "video", type: "video", mimeType: "video/x-msvideo", extension: "avi" },
  webm: { kind: "video", type: "video", mimeType: "video/webm", extension: "webm" },
};

/** Every extension we store; stored filenames are validated against exactly these. */
export const STORED_EXTENSIONS = [...new Set(Object.values(FORMATS).map((format) => format.extension))];

export const SIZE_LIMITS = { image: IMAGE_MAX_MB * MB, video: VIDEO_MAX_MB * MB } as const;

// ISO BMFF brands of MP4 video files. HEIC/AVIF images and M4A audio share the container and are
// refused: their brands are not here.
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "mmp4",
  "msnv",
  "f4v ",
  "XAVC",
]);
const NOT_VIDEO_BRANDS = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "M4A ",
  "M4B ",
  "M4P ",
  "crx ",
]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return "";
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

/** `ftyp` box: the major brand decides; an unknown major brand may still list an MP4 brand. */
function isoBmffFormat(bytes: Uint8Array): MediaFormat | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const major = ascii(bytes, 8, 4);
  if (major === "qt  ") return "mov";
  if (NOT_VIDEO_BRANDS.has(major)) return null;
  if (MP4_BRANDS.has(major)) return "mp4";
  const boxSize = Math.min(readUint32(bytes, 0), bytes.length, 256);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) compatible.push(ascii(bytes, offset, 4));
  if (compatible.some((brand) => NOT_VIDEO_BRANDS.has(brand))) return null;
  if (compatible.includes("qt  ")) return "mov";
  return compatible.some((brand) => MP4_BRANDS.has(brand)) ? "mp4" : null;
}

/**
 * EBML (1A 45 DF A3) is shared by Matroska and WebM; the header's DocType element (ID 42 82) says
 * which. Only "webm" is accepted.
 */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  const end = Math.min(bytes.length, 64);
  for (let offset = 4; offset + 3 < end; offset += 1) {
    if (bytes[offset] !== 0x42 || bytes[offset + 1] !== 0x82) continue;
    const sizeByte = bytes[offset + 2]!;
    // One-byte EBML size (1xxxxxxx) is what every muxer writes for a short DocType.
    if ((sizeByte & 0x80) === 0) return false;
    return ascii(bytes, offset + 3, sizeByte & 0x7f) === "webm";
  }
  return false;
}

export function detectMediaFormat(bytes: Uint8Array): MediaFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  const head6 = ascii(bytes, 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF") {
    const form = ascii(bytes, 8, 4);
    if (form === "WEBP") return "webp";
    if (form === "AVI ") return "avi";
    return null;
  }
  if (isWebm(bytes)) return "webm";
  return isoBmffFormat(bytes);
}

export function detectMedia(bytes: Uint8Array): DetectedMedia | null {
  const format = detectMediaFormat(bytes);
  return format ? { format, ...FORMATS[format] } : null;
}

export type MediaCheck =
  { ok: true; media: DetectedMedia } | { ok: false; code: "invalid_file_type" | "file_too_large"; message: string };

/** Type from the bytes, then the size limit of that kind (a GIF counts as an image). */
export function checkMediaFile(displayName: string, bytes: Uint8Array): MediaCheck {
  const media = detectMedia(bytes);
  if (!media) return { ok: false, code: "invalid_file_type", message: MEDIA_MESSAGES.invalidType };
  if (bytes.length > SIZE_LIMITS[media.kind]) {
    const message =
      media.kind === "image"
        ? MEDIA_MESSAGES.tooLarge(displayName, "images", IMAGE_MAX_MB)
        : MEDIA_MESSAGES.tooLarge(displayName, "videos", VIDEO_MAX_MB);
    return { ok: false, code: "file_too_large", message };
  }
  return { ok: true, media };
}
