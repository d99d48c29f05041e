import { network } from "@/lib/networks";
import { checkMediaForPlatform, type MediaPlatform } from "@/lib/networks/media";
import { PlatformError } from "./errors";
import type { PublishMedia } from "./types";

/**
 * What the platform modules share about a post's media: checking every file against the
 * platform's published limits before anything is uploaded (lib/networks/media.ts, the same
 * rules the media check answers with), and reading a stored file in exact slices for chunked uploads.
 */

/** Throws invalid_media naming the first file the platform would refuse, and why. */
export function assertMediaFit(platform: MediaPlatform, media: PublishMedia[]): void {
  for (const item of media) {
    const check = checkMediaForPlatform(
      { type: item.kind, mimeType: item.mimeType, size: item.size, width: item.width, height: item.height },
      platform,
    );
    if (!check.valid) throw new PlatformError("invalid_media", `"${item.filename}": ${check.errors.join(" ")}`);
  }
}

/** At most one video per post, and never beside other files (Facebook, LinkedIn, X). */
export function assertSingleVideo(platform: MediaPlatform, media: PublishMedia[]): void {
  if (media.length > 1 && media.some((item) => item.kind === "video")) {
    const label = network(platform).shortLabel;
    throw new PlatformError(
      "invalid_media",
      `${label} accepts one video per post; this post has ${media.length} files.`,
    );
  }
}

/** A platform's refusal of one uploaded file, told as the file's problem rather than the post's. */
export function mediaRefused(error: unknown, platform: MediaPlatform, item: PublishMedia): unknown {
  if (!(error instanceof PlatformError) || error.kind !== "invalid_request") return error;
  const label = network(platform).shortLabel;
  return new PlatformError("invalid_media", `${label} refused "${item.filename}": ${error.message}`, error.details);
}

/** The file as a Blob for a multipart form. */
export async function fileBlob(item: PublishMedia): Promise<Blob> {
  return new Blob([await item.bytes()], { type: item.mimeType });
}

/**
 * Reads a stream in slices of exactly the sizes asked for (the last one may be shorter), holding
 * at most one slice in memory: X's 4 MB segments, LinkedIn's byte ranges.
 */
export class SliceReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private pending: Uint8Array = new Uint8Array(0);
  private done = false;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.reader = stream.getReader();
  }

  /** The next `size` bytes; fewer only at the end of the file, and empty after it. */
  async take(size: number): Promise<Uint8Array<ArrayBuffer>> {
    const slice = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      if (this.pending.length === 0) {
        if (this.done) break;
        const { done, value } = await this.reader.read();
        if (done) {
          this.done = true;
          break;
        }
        this.pending = value;
      }
      const count = Math.min(size - filled, this.pending.length);
      slice.set(this.pending.subarray(0, count), filled);
      this.pending = this.pending.subarray(count);
      filled += count;
    }
    return slice.subarray(0, filled);
  }

  /** Stops reading (closes the file) whether or not the end was reached. */
  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}
