"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { APPROVAL_COMMENT_MAX } from "@/lib/approvals/limits";

/** 'Request changes': what should change, sent to the post's author. */
export function RequestChangesDialog({
  open,
  onOpenChange,
  pending,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSend: (comment: string) => void;
}) {
  const [comment, setComment] = useState("");
  const fieldId = useId();
  const blank = comment.trim() === "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request changes</DialogTitle>
          <DialogDescription>The author is told by e-mail and in the app.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank) onSend(comment.trim());
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>What should change</Label>
            <Textarea
              id={fieldId}
              value={comment}
              maxLength={APPROVAL_COMMENT_MAX}
              onChange={(event) => setComment(event.target.value)}
              required
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={blank || pending}>
              {pending ? "Sending..." : "Request changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
