"use client";

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

/** 'Remove {name}?' or 'Leave {workspace}?': what goes, and one button to do it. */
export function RemoveMemberDialog({
  subject,
  workspaceName,
  busy,
  onConfirm,
  onOpenChange,
}: {
  /** The member to remove, or "self" to leave. Null: closed. */
  subject: { name: string } | "self" | null;
  workspaceName: string;
  busy: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const leaving = subject === "self";
  return (
    <AlertDialog open={subject !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {leaving ? `Leave ${workspaceName}?` : `Remove ${subject?.name ?? ""} from ${workspaceName}?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {leaving
              ? "You lose access to its posts, accounts and analytics until someone invites you again."
              : "They lose access to its posts, accounts and analytics. What they wrote stays."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={busy} onClick={onConfirm}>
            {busy ? "Working..." : leaving ? "Leave workspace" : "Remove member"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
