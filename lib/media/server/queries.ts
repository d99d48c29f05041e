import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import { media, type Media } from "@/db/schema";
import { toMediaItem } from "./dto";
import { isStoredFilename } from "./filenames";
import type { MediaItem } from "@/lib/media/schemas";

/** Reads of a user's media; every query is scoped by the owner. */

/** The media library, newest first. */
export async function listMedia(userId: string): Promise<MediaItem[]> {
  const rows = await db
    .select()
    .from(media)
    .where(eq(media.userId, userId))
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows.map(toMediaItem);
}

/** One of the user's files by its stored name; null for a malformed name, a missing one or another user's. */
export async function getMediaRow(userId: string, filename: string): Promise<Media | null> {
  if (!isStoredFilename(filename)) return null;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.filename, filename)));
  return row ?? null;
}

/** The user's files among these stored names (posts reference media by filename); unknown names are left out. */
export async function getMediaByFilenames(userId: string, filenames: string[]): Promise<Media[]> {
  const valid = [...new Set(filenames.filter(isStoredFilename))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.filename, valid)));
}
