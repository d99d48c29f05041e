"use client";

import { AlertTriangle } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { NetworkRefusal } from "@/lib/posts/network-limits";
import { network } from "@/lib/networks";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { numberFormat } from "@/lib/format";

/** 12345 → "12,345"; the formatter is made on first use (lib/format.ts › numberFormat). */
const formatNumber = (n: number) => numberFormat("en-US").format(n);

/** A way out of a refusal: let the publisher summarize for X, or stop posting to that network. */
export type LimitFix = { kind: "summarize" } | { kind: "deselect"; platform: ConnectablePlatform };

export type GuardedAction = "publish" | "schedule" | "queue";

interface LimitWarningDialogProps {
  /** The action the user asked for, while the dialog is open; null when closed. */
  action: GuardedAction | null;
  refusals: readonly NetworkRefusal[];
  onFix: (fix: LimitFix) => void;
  /** 'Edit the text': called once the dialog has closed, to put the cursor in the text. */
  onEdit: () => void;
  onClose: () => void;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Shown before Publish Now, Schedule or Add to queue when a chosen network would refuse the text: it names the
 * networks with their counts and offers the fixes. Each fix that clears the last refusal carries on
 * with the action the user asked for.
 */
export function LimitWarningDialog({ action, refusals, onFix, onEdit, onClose }: LimitWarningDialogProps) {
  const names = listNames(refusals.map((refusal) => refusal.label));
  const verb = action === "schedule" ? "scheduled" : action === "queue" ? "queued" : "published";
  // 'Edit the text' sends focus to the text instead of back to the button that opened the dialog.
  const editing = useRef(false);
  return (
    <Dialog open={action !== null && refusals.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          if (!editing.current) return;
          editing.current = false;
          event.preventDefault();
          onEdit();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <AlertTriangle className="text-destructive size-5" aria-hidden />
            Too long for {names}
          </DialogTitle>
          <DialogDescription>
            {names} will refuse this post, so it would fail there if {verb} as it is. Fix it first:
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3" aria-label="Networks that will refuse the post">
          {refusals.map((refusal) => (
            <li key={refusal.platform} className="grid gap-2 rounded-lg border p-3">
              <p className="text-sm">
                <span className="font-medium">{refusal.label}</span>{" "}
                <span className="text-destructive tabular-nums">
                  {formatNumber(refusal.count)}/{formatNumber(refusal.limit)}
                </span>{" "}
                <span className="text-muted-foreground">characters</span>
              </p>
              <div className="flex flex-wrap gap-2">
                {network(refusal.platform).summarizesLongText && (
                  <Button type="button" size="sm" onClick={() => onFix({ kind: "summarize" })}>
                    Turn on Summarize for X
                  </Button>
                )}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => onFix({ kind: "deselect", platform: refusal.platform })}
                >
                  Don&apos;t post to {refusal.label}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              editing.current = true;
              onClose();
            }}
          >
            Edit the text
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
