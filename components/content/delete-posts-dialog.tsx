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

/** What is about to be deleted: one post (named) or a selection of `count` posts. */
export type DeleteTarget = { kind: "single"; postId: string; name: string } | { kind: "bulk"; postIds: string[] };

interface DeletePostsDialogProps {
  open: boolean;
  target: DeleteTarget | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (target: DeleteTarget) => void;
}

/** 'Delete Post?' for one post, 'Delete N Post(s)?' for a selection. */
export function DeletePostsDialog({ open, target, onOpenChange, onConfirm }: DeletePostsDialogProps) {
  const title = target?.kind === "bulk" ? `Delete ${target.postIds.length} Post(s)?` : "Delete Post?";
  return (
    <AlertDialog open={open && target !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {target?.kind === "single"
              ? `"${target.name}" will be permanently deleted. This action cannot be undone.`
              : "The selected posts will be permanently deleted. This action cannot be undone."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => target && onConfirm(target)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
