"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

interface DisconnectAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountName: string;
  /** A Page of a login goes alone; the login and its other Pages stay. */
  kind?: "account" | "page";
  onConfirm: () => void;
}

/** 'Disconnect Account?' (or 'Disconnect Page?'): the confirmation before an account and its pages, or one Page, are removed. */
export function DisconnectAccountDialog({
  open,
  onOpenChange,
  accountName,
  kind = "account",
  onConfirm,
}: DisconnectAccountDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{kind === "page" ? "Disconnect Page?" : "Disconnect Account?"}</AlertDialogTitle>
          <AlertDialogDescription>
            {kind === "page"
              ? `${accountName} will be disconnected from Postloom; the other Pages of the same login stay. This action cannot be undone. Scheduled posts for this Page will need to be rescheduled after you reconnect it.`
              : `${accountName} will be disconnected from Postloom. This action cannot be undone. Scheduled posts for this account will need to be rescheduled after you reconnect it.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Disconnect
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
