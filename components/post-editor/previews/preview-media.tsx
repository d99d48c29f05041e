"use client";

import { Globe } from "lucide-react";
import { MediaThumbnail } from "@/components/media/media-thumbnail";
import type { PostMediaItem } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";

/** The feeds show at most four tiles; the fourth says how many more there are. */
const MAX_TILES = 4;

const gridByCount: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-2",
  3: "grid-cols-2 grid-rows-2 [&>*:first-child]:row-span-2",
  4: "grid-cols-2 grid-rows-2",
};

/** The post's pictures as a feed shows them: one large, two side by side, three, or a grid of four. */
export function PreviewMediaGrid({ media, className }: { media: readonly PostMediaItem[]; className?: string }) {
  if (media.length === 0) return null;
  const tiles = media.slice(0, MAX_TILES);
  const hidden = media.length - tiles.length;
  return (
    <ul
      aria-label={`${media.length} media file${media.length === 1 ? "" : "s"}`}
      className={cn(
        "grid gap-0.5 overflow-hidden",
        tiles.length === 1 ? "aspect-[4/3]" : "aspect-square",
        gridByCount[tiles.length],
        className,
      )}
    >
      {tiles.map((item, index) => (
        <li key={item.filename} className="relative min-h-0">
          <MediaThumbnail item={item} />
          {hidden > 0 && index === tiles.length - 1 && (
            <span className="absolute inset-0 grid place-items-center bg-black/55 text-xl font-semibold text-white">
              +{hidden}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The card a feed draws for the post's first link; the domain only, nothing is fetched. */
export function PreviewLinkCard({ domain, className }: { domain: string; className?: string }) {
  return (
    <div className={cn("bg-muted/60 base:border-t flex items-center gap-3 px-3 py-2.5", className)}>
      <span className="bg-muted text-muted-foreground grid size-9 shrink-0 place-items-center rounded-md">
        <Globe className="size-4" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="text-muted-foreground block text-[0.7rem] tracking-wide uppercase">Link</span>
        <span className="block truncate text-sm font-medium">{domain}</span>
      </span>
    </div>
  );
}
