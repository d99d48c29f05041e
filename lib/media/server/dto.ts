import type { Media } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";

type MediaFields =
  | "id"
  | "filename"
  | "originalFilename"
  | "thumbnailKey"
  | "type"
  | "mimeType"
  | "size"
  | "width"
  | "height"
  | "createdAt";

/** What the API says about a stored file; the files themselves are served to their owner only. */
export function toMediaItem(row: Pick<Media, MediaFields>): MediaItem {
  const base = `/api/media/files/${encodeURIComponent(row.filename)}`;
  return {
    id: row.id,
    filename: row.filename,
    originalFilename: row.originalFilename,
    url: base,
    thumbnail: row.thumbnailKey ? `${base}/thumbnail` : null,
    type: row.type,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}
