import type { Media } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { getMemberMediaRow } from "./queries";
import { MEDIA_MESSAGES } from "@/lib/media/schemas";
import { mediaStorage } from "./active-storage";
import { parseRange } from "./range";

/**
 * Serving the files of a person's workspaces. The Content-Type is the one we detected at upload (never sniffed,
 * never the uploader's claim); names are immutable, so the browser may cache forever, privately.
 * Originals answer single byte ranges, which video players need for seeking.
 */

export type MediaVariant = "original" | "thumbnail";

const BASE_HEADERS = {
  "Cache-Control": "private, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  // Our files are images and videos; should a browser ever render one as a document, it gets no
  // scripts, no requests and no same-origin access.
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

/** A file of one of the person's workspaces. */
export async function mediaFileResponse(
  userId: string,
  filename: string,
  variant: MediaVariant,
  rangeHeader: string | null,
): Promise<Response> {
  return storedFileResponse(await getMemberMediaRow(userId, filename), variant, rangeHeader);
}

/** A media row's file, found by whoever may see it (a member, a review link); null answers 404. */
export async function storedFileResponse(
  row: Media | null,
  variant: MediaVariant,
  rangeHeader: string | null,
  cacheControl: string = BASE_HEADERS["Cache-Control"],
): Promise<Response> {
  const key = variant === "original" ? row?.storageKey : row?.thumbnailKey;
  if (!row || !key) throw notFound(MEDIA_MESSAGES.notFound);
  const contentType = variant === "original" ? row.mimeType : "image/webp";
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    "Cache-Control": cacheControl,
    "Content-Type": contentType,
  };

  const requested = variant === "original" ? parseRange(rangeHeader, row.size) : null;
  if (variant === "original") headers["Accept-Ranges"] = "bytes";
  if (requested === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${row.size}` } });
  }
  const stored = await mediaStorage().get(key, requested?.range);
  if (!stored) {
    console.error(`[media] ${key} is in the database but not in storage`);
    throw notFound(MEDIA_MESSAGES.notFound);
  }
  headers["Content-Length"] = String(stored.size);
  if (requested) {
    headers["Content-Range"] = `bytes ${requested.range.start}-${requested.range.end}/${row.size}`;
    return new Response(stored.body, { status: 206, headers });
  }
  return new Response(stored.body, { status: 200, headers });
}
