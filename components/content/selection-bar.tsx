"use client";

import { Send, Trash2, X } from "lucide-react";
import { Button } from "@/components/ui/button";

interface SelectionBarProps {
  count: number;
  deleting: boolean;
  onDelete: () => void;
  onClear: () => void;
  /** Approvers send the selection for client review; only posts in review can be. */
  onSendForReview?: () => void;
  reviewable: boolean;
}

/** Shown while posts are selected: how many, and what can be done with them. */
export function SelectionBar({ count, deleting, onDelete, onClear, onSendForReview, reviewable }: SelectionBarProps) {
  return (
    <div
      role="region"
      aria-label="Selected posts"
      className="bg-card border-primary/40 sticky top-20 z-30 flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 shadow-md"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count} selected
      </p>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={deleting}>
          <X aria-hidden />
          Clear selection
        </Button>
        {onSendForReview && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onSendForReview}
            disabled={deleting || !reviewable}
            aria-describedby={reviewable ? undefined : "send-review-hint"}
          >
            <Send aria-hidden />
            Send for client review
          </Button>
        )}
        <Button type="button" variant="destructive" size="sm" onClick={onDelete} disabled={deleting}>
          <Trash2 aria-hidden />
          {deleting ? "Deleting..." : "Delete Selected"}
        </Button>
      </div>
      {onSendForReview && !reviewable && (
        <p id="send-review-hint" className="text-muted-foreground w-full text-xs">
          Only posts in review can be sent for client review.
        </p>
      )}
    </div>
  );
}
