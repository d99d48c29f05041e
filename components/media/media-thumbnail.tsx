import Image from "next/image";
import { Film } from "lucide-react";
import type { MediaType } from "@/lib/media/schemas";
import { cn } from "@/lib/utils";

interface ThumbnailSource {
  type: MediaType;
  url: string;
  thumbnail: string | null;
  originalFilename: string;
}

/**
 * A media item's picture: the image (or its thumbnail), or for a video its thumbnail when the
 * server made one and a film icon otherwise. Fills its (relatively positioned) parent.
 */
export function MediaThumbnail({ item, className }: { item: ThumbnailSource; className?: string }) {
  const src = item.type === "video" ? item.thumbnail : (item.thumbnail ?? item.url);
  return (
    <div className={cn("bg-muted relative size-full overflow-hidden", className)}>
      {src ? (
        // The app serves these to their owner only: no optimiser round trip.
        <Image src={src} alt={item.originalFilename} fill unoptimized sizes="12rem" className="object-cover" />
      ) : (
        <div className="text-muted-foreground grid size-full place-items-center">
          <Film className="size-8" aria-hidden="true" />
          <span className="sr-only">Video {item.originalFilename}</span>
        </div>
      )}
      {item.type === "video" && src && (
        <span className="absolute bottom-1 left-1 grid size-6 place-items-center rounded bg-black/70 text-white">
          <Film className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Video</span>
        </span>
      )}
    </div>
  );
}
