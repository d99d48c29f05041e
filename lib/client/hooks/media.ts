"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { MediaItem } from "@/lib/media/constants";
import { listMedia, deleteMedia, uploadMedia } from "@/lib/client/requests/media";

/** TanStack Query over lib/client/requests/media.ts: query keys, queries and mutations that refresh what they change. */

export const mediaKeys = {
  all: ["media"] as const,
  library: () => [...mediaKeys.all, "library"] as const,
};

/** GET /api/media/user: the signed-in user's uploaded media, newest first as the server sends them. */
export function useMediaLibrary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: mediaKeys.library(), queryFn: () => listMedia(), enabled });
}

/** Uploads with a progress figure (null when idle); the library is refreshed afterwards. */
export function useUploadMedia() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (files: readonly File[]) => uploadMedia(files, setProgress),
    onSuccess: (items) => {
      queryClient.setQueryData<MediaItem[]>(mediaKeys.library(), (current) =>
        current
          ? [...items, ...current.filter((item) => !items.some((added) => added.filename === item.filename))]
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.library() });
    },
    onSettled: () => setProgress(null),
  });
  const { mutateAsync, isPending, reset } = mutation;
  const upload = useCallback((files: readonly File[]) => mutateAsync(files), [mutateAsync]);
  return { upload, isUploading: isPending, progress, reset };
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => deleteMedia(filename),
    onSuccess: (_response, filename) => {
      queryClient.setQueryData<MediaItem[]>(mediaKeys.library(), (current) =>
        current?.filter((item) => item.filename !== filename),
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.library() });
    },
  });
}
