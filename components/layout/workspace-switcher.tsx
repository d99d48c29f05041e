"use client";

import { ChevronsUpDown } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { cn } from "@/lib/utils";

/**
 * The current workspace's name, and the choice of another (a native select: keyboard, screen
 * readers and mobile pickers for free). Switching clears what this tab has cached and renders the
 * page again in the chosen workspace.
 */
export function WorkspaceSwitcher({ id, className }: { id: string; className?: string }) {
  const { session, switchTo } = useSession();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  if (session.status !== "authenticated") return null;
  const { workspace, workspaces } = session.data;

  async function choose(workspaceId: string) {
    if (workspaceId === workspace.id) return;
    setBusy(true);
    try {
      await switchTo(workspaceId);
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error, "Could not switch workspace. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Workspace
      </label>
      <select
        id={id}
        value={workspace.id}
        disabled={busy}
        aria-busy={busy}
        onChange={(event) => void choose(event.target.value)}
        className="border-input bg-background dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground focus-visible:border-ring focus-visible:ring-ring/60 h-9 max-w-48 appearance-none truncate rounded-md border py-1 pr-8 pl-3 text-sm font-medium shadow-xs outline-none focus-visible:ring-[3px] disabled:opacity-60"
      >
        {workspaces.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <ChevronsUpDown
        className="text-muted-foreground pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2"
        aria-hidden
      />
    </div>
  );
}
