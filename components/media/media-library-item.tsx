"use client";

import { Check, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { MediaItem } from "@/lib/media/schemas";
import { cn } from "@/lib/utils";
import { formatFileSize } from "./format-file-size";
import { MediaThumbnail } from "./media-thumbnail";

interface MediaLibraryItemProps {
  item: MediaItem;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

/** One tile of the library: press to select or unselect; the bin asks before deleting. */
export function MediaLibraryItem({ item, selected, onToggle, onDelete }: MediaLibraryItemProps) {
  return (
    <li
      className={cn(
        "bg-card relative overflow-hidden rounded-lg border transition-colors",
        selected && "border-primary ring-primary/40 ring-2",
      )}
    >
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`Select ${item.originalFilename}`}
        onClick={onToggle}
        className="focus-visible:ring-ring/60 block w-full text-left outline-none focus-visible:ring-[3px]"
      >
        <div className="aspect-square">
          <MediaThumbnail item={item} />
        </div>
        <div className="grid gap-0.5 p-2">
          <span className="truncate text-sm font-medium" title={item.originalFilename}>
            {item.originalFilename}
          </span>
          <span className="text-muted-foreground text-xs tabular-nums">{formatFileSize(item.size)}</span>
        </div>
        {selected && (
          <span className="bg-primary text-primary-foreground absolute top-2 left-2 grid size-6 place-items-center rounded-full shadow">
            <Check className="size-4" aria-hidden="true" />
          </span>
        )}
      </button>
      <Button
        type="button"
        size="icon-sm"
        variant="destructive"
        aria-label={`Delete ${item.originalFilename}`}
        onClick={onDelete}
        className="absolute top-2 right-2 shadow"
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
