import { env } from "@/lib/server/env";
import { S3Storage, parseS3Url } from "./s3-storage";
import { LocalDiskStorage, type MediaStorage } from "./storage";

let storage: MediaStorage | undefined;

/** The configured storage: an S3-compatible bucket when MEDIA_S3_URL is set, else the disk under MEDIA_DIR. */
export function mediaStorage(): MediaStorage {
  storage ??= env.MEDIA_S3_URL ? new S3Storage(parseS3Url(env.MEDIA_S3_URL)) : new LocalDiskStorage(env.MEDIA_DIR);
  return storage;
}
