"use client";

import { useDeferredValue } from "react";
import { network } from "@/lib/networks";
import { countForPlatform } from "@/lib/networks/text";
import { POST_CONTENT_MAX } from "@/lib/posts/constants";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { numberFormat } from "@/lib/format";

/** 12345 → "12,345"; the formatter is made on first use (lib/format.ts › numberFormat). */
const formatNumber = (n: number) => numberFormat("en-US").format(n);

interface CharacterCountsProps {
  id: string;
  content: string;
  platforms: readonly ConnectablePlatform[];
}

/** 'N / 10,000' for the post, then each chosen platform's own count and limit (red when over). */
export function CharacterCounts({ id, content, platforms }: CharacterCountsProps) {
  // X's weighted count parses the whole text: let typing stay ahead of it.
  const deferred = useDeferredValue(content);
  const over = content.length > POST_CONTENT_MAX;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
      <ul aria-label="Character count by platform" className="flex flex-wrap gap-1.5">
        {platforms.map((platform) => {
          const result = countForPlatform(deferred, platform);
          return (
            <li
              key={platform}
              className={cn(
                "rounded-md border px-2 py-0.5 tabular-nums",
                result.over
                  ? "border-destructive/60 bg-destructive/10 text-destructive font-medium"
                  : "text-muted-foreground",
              )}
            >
              {network(platform).shortLabel} {formatNumber(result.count)}/{formatNumber(result.limit)}
              {result.over && <span className="sr-only"> (over the limit)</span>}
            </li>
          );
        })}
      </ul>
      <span id={id} className={cn("tabular-nums", over ? "text-destructive font-medium" : "text-muted-foreground")}>
        {formatNumber(content.length)} / {formatNumber(POST_CONTENT_MAX)}
      </span>
    </div>
  );
}
