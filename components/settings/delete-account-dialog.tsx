"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/client/toast";
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
import { DELETE_ACCOUNT_WORD, deleteAccountSchema } from "@/lib/auth/schemas";
import { errorMessage, http } from "@/lib/client/http";
import { deleteAccount } from "@/lib/client/requests/auth";
import { useSession } from "@/lib/client/session";

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}

/**
 * 'Delete your account?': the user types their e-mail address (or DELETE) before the button works.
 * On success nothing of the account stays in the page: cached data and the user go, then the landing page.
 */
export function DeleteAccountDialog({ open, onOpenChange, email }: DeleteAccountDialogProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === DELETE_ACCOUNT_WORD || typed.trim().toLowerCase() === email.toLowerCase();

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
    const parsed = deleteAccountSchema.safeParse({ confirmation: typed });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please confirm");
    setError(null);
    setBusy(true);
    try {
      const response = await deleteAccount(http, parsed.data);
      queryClient.clear();
      await reload();
      toast.success(response.message);
      router.replace("/");
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Could not delete the account. Please try again."));
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes your posts, drafts, media, chats and analytics, disconnects every social account
              (Postloom&apos;s access is revoked on each platform) and signs you out on every device. This cannot be
              undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormError message={error} />
          <div className="grid gap-2">
            <Label htmlFor="delete-confirmation">
              Type <strong>{email}</strong> or <strong>{DELETE_ACCOUNT_WORD}</strong> to confirm
            </Label>
            <Input
              id="delete-confirmation"
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? "Deleting..." : "Delete account permanently"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
