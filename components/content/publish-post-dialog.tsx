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

/** The post about to go out from the list: its name and the pages it goes to (see `publishTargets`). */
export interface PublishTarget {
  postId: string;
  name: string;
  toSend: string[];
  alreadyOut: string[];
}

interface PublishPostDialogProps {
  open: boolean;
  target: PublishTarget | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (target: PublishTarget) => void;
}

/**
 * Spec: the list's 'Publish' button is shown for drafts and failed posts, its action is not. Ours
 * publishes now, as the editor's Publish Now does, after this confirmation: a post on a live page
 * cannot be taken back, and a failed post goes out again only where it failed.
 */
export function PublishPostDialog({ open, target, onOpenChange, onConfirm }: PublishPostDialogProps) {
  const retry = (target?.alreadyOut.length ?? 0) > 0;
  return (
    <AlertDialog open={open && target !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Publish Post?</AlertDialogTitle>
          <AlertDialogDescription>
            {target && target.toSend.length > 0
              ? `"${target.name}" will be published now on ${target.toSend.join(", ")}.`
              : `"${target?.name ?? ""}" will be published now.`}
          </AlertDialogDescription>
          {retry && (
            <p className="text-muted-foreground text-sm">
              {`Already published on ${target?.alreadyOut.join(", ") ?? ""}; it is not sent there again.`}
            </p>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => target && onConfirm(target)}>Publish Now</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
