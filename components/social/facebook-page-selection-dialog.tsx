"use client";

import { AlertCircle, Check, FileQuestion } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { permissionLabel } from "@/lib/networks";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/http";
import { formatCount, splitVisible } from "@/lib/format";
import type { FacebookPageCandidate } from "@/lib/social/schemas";
import { cn } from "@/lib/utils";
import { PageAvatar } from "./page-avatar";

interface FacebookPageSelectionDialogProps {
  open: boolean;
  pages: FacebookPageCandidate[];
  /** Connects the chosen page ids; a thrown error is shown inside the dialog and the choice is kept. */
  onConnect: (pageIds: string[]) => Promise<void>;
  onCancel: () => void;
}

/** 'Select Facebook Pages': multi-select of the Pages a Facebook sign-in gave access to. */
export function FacebookPageSelectionDialog({ open, pages, onConnect, onCancel }: FacebookPageSelectionDialogProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function handleConnect() {
    if (selected.size === 0) return setError("Please select at least one page to connect");
    setConnecting(true);
    setError(null);
    try {
      // Keep the list's order rather than the order of clicks.
      await onConnect(pages.filter((page) => selected.has(page.id)).map((page) => page.id));
    } catch (caught) {
      setError(errorMessage(caught, "Failed to connect pages. Please try again."));
    } finally {
      setConnecting(false);
    }
  }

  const count = selected.size;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !connecting) onCancel();
      }}
    >
      <DialogContent
        className="outline-none sm:max-w-2xl"
        showCloseButton={!connecting}
        // The dialog opens by itself after Facebook's consent, so the browser draws the focus ring
        // of whatever takes focus: on the first Page it looked selected. The dialog takes it instead.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Select Facebook Pages</DialogTitle>
          <DialogDescription>
            {pages.length} page(s) available. Choose the Pages you want to publish to.
          </DialogDescription>
        </DialogHeader>

        {error && (
          <div
            role="alert"
            className="border-destructive/50 bg-destructive/10 text-destructive flex items-start gap-2 rounded-md border p-3 text-sm"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error}</span>
          </div>
        )}

        {pages.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <FileQuestion className="text-muted-foreground size-10" aria-hidden />
            <h3 className="text-lg font-semibold">No Pages Found</h3>
            <p className="text-muted-foreground max-w-sm text-sm">
              You don&apos;t have any Facebook Pages or they don&apos;t have the required permissions.
            </p>
          </div>
        ) : (
          <ul className="grid max-h-[50vh] gap-2 overflow-y-auto p-1" aria-label="Facebook Pages">
            {pages.map((page) => (
              <li key={page.id}>
                <PageOption
                  page={page}
                  selected={selected.has(page.id)}
                  disabled={connecting}
                  onToggle={() => toggle(page.id)}
                />
              </li>
            ))}
          </ul>
        )}

        {pages.length > 0 && (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {count} page(s) selected for connection
          </p>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={connecting}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void handleConnect()} disabled={count === 0 || connecting}>
            {connecting ? "Connecting..." : `Connect ${count} Page(s)`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PageOption({
  page,
  selected,
  disabled,
  onToggle,
}: {
  page: FacebookPageCandidate;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const tasks = splitVisible(page.tasks ?? []);
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        "flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors outline-none",
        "hover:bg-accent/60 focus-visible:border-ring focus-visible:ring-ring/60 focus-visible:ring-[3px] disabled:opacity-60",
        selected ? "border-primary bg-primary/10" : "bg-card",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-1 grid size-5 shrink-0 place-items-center rounded border",
          selected ? "border-primary bg-primary text-primary-foreground" : "border-input",
        )}
      >
        {selected && <Check className="size-3.5" />}
      </span>
      <PageAvatar name={page.name} src={page.picture?.data?.url} size="md" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="truncate font-medium">{page.name}</span>
        <span className="text-muted-foreground text-xs">
          {page.category ?? "Page"} · {formatCount(page.fan_count ?? 0, "follower")}
        </span>
        {tasks.visible.length > 0 && (
          <span className="flex flex-wrap gap-1">
            {tasks.visible.map((task) => (
              <Badge key={task} variant="secondary" size="sm">
                {permissionLabel("facebook", task)}
              </Badge>
            ))}
            {tasks.hidden > 0 && (
              <Badge variant="outline" size="sm">
                +{tasks.hidden} more
              </Badge>
            )}
          </span>
        )}
      </span>
    </button>
  );
}
