import { and, eq, exists, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { media, postMedia, posts, postTargets, usageRecords, type NewMedia } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/server/api/errors";
import { checkMediaFile, type DetectedMedia } from "./detect";
import { displayFilename, isStoredFilename, newStoredName, workspaceFolder } from "./filenames";
import { ImageInspectionError, inspectImage, MAX_IMAGE_PIXELS } from "./images";
import { checkMediaForPlatform, type MediaPlatform } from "@/lib/networks/media";
import { toMediaItem } from "./dto";
import { getMediaRow } from "./queries";
import { MEDIA_MAX_FILES, MEDIA_MESSAGES, type MediaItem, type PlatformMediaCheck } from "@/lib/media/schemas";
import { mediaStorage } from "./active-storage";
import { assertCanStoreBytes, assertUploadFits } from "@/lib/billing/server/limits";

/** Writes to a workspace's media library: upload (all or nothing), delete, and per-platform checks. */

export interface UploadFile {
  /** The name the user's browser sent; shown, never used as a path. */
  name: string;
  bytes: Uint8Array;
}

interface PreparedFile {
  originalFilename: string;
  bytes: Uint8Array;
  media: DetectedMedia;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

/** Every file is checked (type from its bytes, size, image decoding) before anything is stored. */
async function prepareAll(files: UploadFile[]): Promise<PreparedFile[]> {
  if (files.length === 0) throw badRequest(MEDIA_MESSAGES.noFiles, "no_files");
  if (files.length > MEDIA_MAX_FILES) throw badRequest(MEDIA_MESSAGES.tooMany(MEDIA_MAX_FILES), "too_many_files");

  const checked = files.map((file) => {
    const originalFilename = displayFilename(file.name);
    const check = checkMediaFile(originalFilename, file.bytes);
    if (!check.ok) throw badRequest(check.message, check.code);
    return { originalFilename, bytes: file.bytes, media: check.media };
  });

  const prepared: PreparedFile[] = [];
  for (const file of checked) {
    if (file.media.kind !== "image") {
      prepared.push({ ...file, width: null, height: null, thumbnail: null });
      continue;
    }
    try {
      const image = await inspectImage(file.bytes, file.media.format);
      prepared.push({ ...file, width: image.width, height: image.height, thumbnail: image.thumbnail });
    } catch (error) {
      if (!(error instanceof ImageInspectionError)) throw error;
      throw error.problem === "too_many_pixels"
        ? badRequest(
            MEDIA_MESSAGES.tooManyPixels(file.originalFilename, MAX_IMAGE_PIXELS / 1_000_000),
            "image_too_large",
          )
        : badRequest(MEDIA_MESSAGES.unreadableImage(file.originalFilename), "invalid_image");
    }
  }
  return prepared;
}

async function deleteKeys(keys: string[]): Promise<void> {
  const storage = mediaStorage();
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected") console.error(`[media] could not delete ${keys[index]}`, result.reason);
  });
}

/**
 * Stores up to 10 files for the workspace and returns them as media items, in the order given. One
 * invalid file refuses the whole batch and nothing is stored; a storage or database failure
 * midway removes what was already written.
 */
export async function uploadMedia(workspaceId: string, files: UploadFile[]): Promise<MediaItem[]> {
  const prepared = await prepareAll(files);
  const totalBytes = prepared.reduce((total, file) => total + file.bytes.length, 0);
  // Refused before a byte is stored; checked again under the workspace's storage lock when recorded.
  await assertUploadFits(workspaceId, totalBytes);
  const folder = workspaceFolder(workspaceId);
  const storage = mediaStorage();
  const written: string[] = [];
  const rows: NewMedia[] = [];
  try {
    for (const file of prepared) {
      const names = newStoredName(file.media.extension);
      const storageKey = `${folder}/${names.filename}`;
      await storage.put(storageKey, file.bytes, file.media.mimeType);
      written.push(storageKey);
      let thumbnailKey: string | null = null;
      if (file.thumbnail) {
        thumbnailKey = `${folder}/${names.thumbnailName}`;
        await storage.put(thumbnailKey, file.thumbnail, "image/webp");
        written.push(thumbnailKey);
      }
      rows.push({
        workspaceId,
        filename: names.filename,
        originalFilename: file.originalFilename,
        storageKey,
        thumbnailKey,
        mimeType: file.media.mimeType,
        type: file.media.type,
        size: file.bytes.length,
        width: file.width,
        height: file.height,
      });
    }
    const inserted = await db.transaction(async (tx) => {
      await assertCanStoreBytes(workspaceId, totalBytes, tx);
      const saved = await tx.insert(media).values(rows).returning();
      await tx.insert(usageRecords).values(
        saved.map((row) => ({
          workspaceId,
          kind: "media_stored" as const,
          bytes: row.size,
          metadata: { mediaId: row.id, filename: row.filename },
        })),
      );
      return saved;
    });
    const byFilename = new Map(inserted.map((row) => [row.filename, row]));
    return rows.map((row) => toMediaItem(byFilename.get(row.filename)!));
  } catch (error) {
    await deleteKeys(written);
    throw error;
  }
}

/**
 * Deletes the file, its thumbnail and its row, and records the freed bytes. Refused (409) while a
 * post that uses it is scheduled or being published: the publish would fail without it. Drafts,
 * failed and published posts simply lose it from their media list (the platforms keep their copy).
 */
export async function deleteMedia(workspaceId: string, filename: string): Promise<void> {
  if (!isStoredFilename(filename)) throw notFound(MEDIA_MESSAGES.notFound);
  const removed = await db.transaction(async (tx) => {
    // FOR UPDATE: a concurrent attach (post_media's foreign key) waits for this transaction.
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.workspaceId, workspaceId), eq(media.filename, filename)))
      .for("update");
    if (!row) throw notFound(MEDIA_MESSAGES.notFound);
    const publishing = tx
      .select({ one: sql`1` })
      .from(postTargets)
      .where(and(eq(postTargets.postId, posts.id), eq(postTargets.status, "publishing")));
    const [blocking] = await tx
      .select({ postId: posts.id })
      .from(postMedia)
      .innerJoin(posts, eq(posts.id, postMedia.postId))
      .where(and(eq(postMedia.mediaId, row.id), or(eq(posts.status, "scheduled"), exists(publishing))))
      .limit(1);
    if (blocking) throw conflict(MEDIA_MESSAGES.inScheduledPost, "media_in_use");
    await tx.delete(media).where(eq(media.id, row.id));
    await tx.insert(usageRecords).values({
      workspaceId,
      kind: "media_deleted",
      bytes: row.size,
      metadata: { mediaId: row.id, filename: row.filename },
    });
    return row;
  });
  // After the commit: a file left behind by a storage error is only wasted space, never a row
  // pointing at nothing.
  await deleteKeys([removed.storageKey, ...(removed.thumbnailKey ? [removed.thumbnailKey] : [])]);
}

export async function validateForPlatform(
  workspaceId: string,
  filename: string,
  platform: MediaPlatform,
): Promise<PlatformMediaCheck> {
  const row = await getMediaRow(workspaceId, filename);
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return checkMediaForPlatform(row, platform);
}
