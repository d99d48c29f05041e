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

interface DeleteMediaDialogProps {
  /** The file's name while asking; null when closed. */
  name: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Delete Media?': the confirmation before a file leaves the library for good. */
export function DeleteMediaDialog({ name, onCancel, onConfirm }: DeleteMediaDialogProps) {
  return (
    <AlertDialog open={name !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Media?</AlertDialogTitle>
          <AlertDialogDescription>
            &ldquo;{name}&rdquo; will be permanently deleted from your media library. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
