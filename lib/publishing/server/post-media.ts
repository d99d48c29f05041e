import type { Media } from "@/db/schema";
import { mediaStorage } from "@/lib/media/server/active-storage";
import { PlatformError, type PublishMedia } from "@/lib/networks/server";

/**
 * A post's media item for the platform modules (the job loads the post's media in its order, see
 * statements.ts). Only the facts are loaded; the bytes are read from storage (local disk or S3)
 * when a module uploads them, once per upload, so a retry reads them again and a video is never
 * held in memory whole.
 */
export function toPublishMedia(row: Media): PublishMedia {
  const open = async (): Promise<ReadableStream<Uint8Array>> => {
    let stored;
    try {
      stored = await mediaStorage().get(row.storageKey);
    } catch (error) {
      // Storage trouble (a bucket not answering) passes; try again later.
      console.error(`[publish] could not read media ${row.id}`, error);
      throw new PlatformError("transient", `Could not read "${row.originalFilename}" from media storage`);
    }
    if (!stored) throw new PlatformError("invalid_media", `"${row.originalFilename}" is no longer in media storage.`);
    return stored.body;
  };
  return {
    kind: row.type,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    filename: row.originalFilename,
    // The media library has no alt text yet; the modules pass it on once it does.
    altText: null,
    open,
    bytes: async () => new Uint8Array(await new Response(await open()).arrayBuffer()),
  };
}
