"use client";

import { ChevronDown, Repeat2, Users } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { PageOptionGroup } from "./page-options";
import { PagePickerPanel } from "./page-picker-panel";

interface PagePickersProps {
  groups: readonly PageOptionGroup[];
  postIds: readonly string[];
  onPostIdsChange: (ids: string[]) => void;
  shareIds: readonly string[];
  onShareIdsChange: (ids: string[]) => void;
  /** Shown inside the reshare disclosure, under 'Share As' (the share message settings). */
  shareSettings?: ReactNode;
  className?: string;
}

/**
 * The editor's pickers: 'Post As', then 'Share As' behind 'Also reshare from…' (open from the start
 * when the post already reshares). Below the lg breakpoint they fold under a 'Post as: N selected'
 * summary, open at first only while no page is chosen, so the editor keeps the small screen.
 */
export function PagePickers({
  groups,
  postIds,
  onPostIdsChange,
  shareIds,
  onShareIdsChange,
  shareSettings,
  className,
}: PagePickersProps) {
  const bodyId = useId();
  const reshareId = useId();
  const [unfolded, setUnfolded] = useState(() => postIds.length === 0);
  const [resharing, setResharing] = useState(() => shareIds.length > 0);

  return (
    <div className={cn("base:gap-3 grid", className)}>
      <Button
        type="button"
        variant="outline"
        className="h-auto justify-between py-2.5 lg:hidden"
        aria-expanded={unfolded}
        aria-controls={bodyId}
        onClick={() => setUnfolded((value) => !value)}
      >
        <span className="flex items-center gap-2">
          <Users aria-hidden />
          Post as: {postIds.length} selected
          {shareIds.length > 0 && <span className="text-muted-foreground">· {shareIds.length} resharing</span>}
        </span>
        <ChevronDown aria-hidden className={cn("transition-transform", unfolded && "rotate-180")} />
      </Button>

      <div id={bodyId} className={cn("gap-4 lg:grid", unfolded ? "grid" : "hidden")}>
        <PagePickerPanel
          title="Post As"
          description="Create original post on these pages"
          groups={groups}
          selected={postIds}
          onChange={onPostIdsChange}
        />

        <div className="grid gap-3">
          <Button
            type="button"
            variant="ghost"
            className="text-muted-foreground hover:text-foreground w-fit justify-start px-2"
            aria-expanded={resharing}
            aria-controls={resharing ? reshareId : undefined}
            onClick={() => setResharing((value) => !value)}
          >
            <Repeat2 aria-hidden />
            Also reshare from…
            {shareIds.length > 0 && (
              <Badge variant="secondary">
                {shareIds.length}
                <span className="sr-only"> selected</span>
              </Badge>
            )}
            <ChevronDown aria-hidden className={cn("transition-transform", resharing && "rotate-180")} />
          </Button>
          {resharing && (
            <div id={reshareId} className="grid gap-4">
              <PagePickerPanel
                title="Share As"
                description="Reshare/amplify from these accounts"
                groups={groups}
                selected={shareIds}
                onChange={onShareIdsChange}
              />
              {shareSettings}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
