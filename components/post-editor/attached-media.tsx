"use client";

import { X } from "lucide-react";
import { InlineMessage } from "@/components/media/inline-message";
import { MediaThumbnail } from "@/components/media/media-thumbnail";
import { Button } from "@/components/ui/button";
import { hasMixedMedia } from "@/lib/client/requests/media";
import { MEDIA_MESSAGES } from "@/lib/media/constants";
import type { PostMediaItem } from "@/lib/posts/schemas";

/** The post's media as thumbnails with remove buttons, and the warning when images and videos mix. */
export function AttachedMedia({
  media,
  onRemove,
}: {
  media: readonly PostMediaItem[];
  onRemove: (filename: string) => void;
}) {
  if (media.length === 0) return null;
  return (
    <section aria-label="Attached media" className="grid gap-3">
      {hasMixedMedia(media) && <InlineMessage tone="warning">{MEDIA_MESSAGES.mixed}</InlineMessage>}
      <ul className="flex flex-wrap gap-3">
        {media.map((item) => (
          <li key={item.filename} className="relative size-24 overflow-hidden rounded-lg border">
            <MediaThumbnail item={item} />
            <Button
              type="button"
              size="icon-sm"
              variant="secondary"
              aria-label={`Remove ${item.originalFilename}`}
              onClick={() => onRemove(item.filename)}
              className="absolute top-1 right-1 size-6 rounded-full shadow"
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
