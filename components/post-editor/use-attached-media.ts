"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { useSessionExpired } from "@/components/media/use-session-expired";
import { errorMessage, HttpError } from "@/lib/client/http";
import { useUploadMedia } from "@/lib/client/hooks/media";
import { UPLOAD_NETWORK_MESSAGE, validateMediaFiles } from "@/lib/client/requests/media";
import { MEDIA_MAX_FILES } from "@/lib/media/constants";
import type { PostMediaItem } from "@/lib/posts/schemas";

export const TOO_MANY_ATTACHED = `A post can have at most ${MEDIA_MAX_FILES} media files.`;

/** The post's media: attach from an upload or the library (no duplicates, at most 10), remove. */
export function useAttachedMedia(initial: readonly PostMediaItem[]) {
  const [media, setMedia] = useState<PostMediaItem[]>(() => [...initial]);
  const { upload, isUploading, progress } = useUploadMedia();
  const sessionExpired = useSessionExpired();

  function attach(items: readonly PostMediaItem[]) {
    // An upload may finish after other changes: merge into the latest list, not this render's.
    const merge = (current: readonly PostMediaItem[]) => {
      const fresh = items.filter((item) => !current.some((existing) => existing.filename === item.filename));
      return { fresh, room: Math.max(0, MEDIA_MAX_FILES - current.length) };
    };
    const { fresh, room } = merge(media);
    if (fresh.length > room) toast.error(TOO_MANY_ATTACHED);
    setMedia((current) => {
      const latest = merge(current);
      return [...current, ...latest.fresh.slice(0, latest.room)];
    });
  }

  function remove(filename: string) {
    setMedia((current) => current.filter((item) => item.filename !== filename));
  }

  async function uploadAndAttach(files: File[]) {
    const problem = validateMediaFiles(files);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const uploaded = await upload(files);
      attach(uploaded);
      toast.success(uploaded.length === 1 ? "1 file uploaded" : `${uploaded.length} files uploaded`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) sessionExpired();
      else toast.error(errorMessage(error, UPLOAD_NETWORK_MESSAGE));
    }
  }

  return { media, attach, remove, uploadAndAttach, uploading: isUploading, progress };
}
