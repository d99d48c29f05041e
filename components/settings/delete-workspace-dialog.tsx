"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormError } from "@/components/auth/form-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/http";
import { deleteWorkspace } from "@/lib/client/requests/workspaces";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";

interface DeleteWorkspaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: { id: string; name: string };
}

/**
 * 'Delete this workspace?': the owner types its name exactly before the button works. The server
 * refuses a person's only workspace, and that sentence is shown here. After it, the page works in
 * another of the person's workspaces.
 */
export function DeleteWorkspaceDialog({ open, onOpenChange, workspace }: DeleteWorkspaceDialogProps) {
  const router = useRouter();
  const { leave } = useSession();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function change(next: boolean) {
    if (busy) return;
    if (!next) {
      setTyped("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const response = await deleteWorkspace(workspace.id, typed);
      await leave(workspace.id);
      toast.success(response.message);
      setBusy(false);
      change(false);
      router.refresh();
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Could not delete the workspace. Please try again."));
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this workspace?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes the workspace&apos;s posts, media and analytics, disconnects its social accounts,
              cancels its plan and removes every member. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormError message={error} />
          <div className="grid gap-2">
            <Label htmlFor="delete-workspace-confirmation">
              Type <strong>{workspace.name}</strong> to confirm
            </Label>
            <Input
              id="delete-workspace-confirmation"
              name="confirmName"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={typed.trim() !== workspace.name || busy}>
              {busy ? "Deleting..." : "Delete workspace"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
