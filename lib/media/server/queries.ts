import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import { media, workspaceMembers, type Media } from "@/db/schema";
import { toMediaItem } from "./dto";
import { isStoredFilename } from "./filenames";
import type { MediaItem } from "@/lib/media/schemas";

/** Reads of a workspace's media; every query is scoped by the workspace (or its members). */

/** The media library, newest first. */
export async function listMedia(workspaceId: string): Promise<MediaItem[]> {
  const rows = await db
    .select()
    .from(media)
    .where(eq(media.workspaceId, workspaceId))
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows.map(toMediaItem);
}

/** One of the workspace's files by its stored name; null for a malformed name, a missing one or another workspace's. */
export async function getMediaRow(workspaceId: string, filename: string): Promise<Media | null> {
  if (!isStoredFilename(filename)) return null;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), eq(media.filename, filename)));
  return row ?? null;
}

/** The workspace's files among these stored names (posts reference media by filename); unknown names are left out. */
export async function getMediaByFilenames(workspaceId: string, filenames: string[]): Promise<Media[]> {
  const valid = [...new Set(filenames.filter(isStoredFilename))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), inArray(media.filename, valid)));
}

/**
 * A file of any workspace the person is a member of, by its stored name (random, so one at most):
 * an `<img>` or `<video>` cannot name the tab's workspace, and a tab shows its own workspace's files
 * whichever workspace another tab chose last.
 */
export async function getMemberMediaRow(userId: string, filename: string): Promise<Media | null> {
  if (!isStoredFilename(filename)) return null;
  const [row] = await db
    .select({ media })
    .from(media)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, media.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(media.filename, filename))
    .limit(1);
  return row?.media ?? null;
}
