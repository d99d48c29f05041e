"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage, http } from "@/lib/client/http";
import { resetPassword } from "@/lib/client/requests/auth";
import { checkForm, warmFormSchemas } from "./check-form";
import { FormError } from "./form-error";

/** The reset link's page: a new password twice; on success, sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = await checkForm(
      (schemas) => schemas.passwordResetSchema,
      { token, password: form.get("password"), password2: form.get("password2") },
      "Please check the form",
    );
    if (parsed.error !== undefined) return setError(parsed.error);
    setError(null);
    setBusy(true);
    try {
      await resetPassword(http, parsed.data);
      router.replace("/login?reset=done");
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Could not change the password. Please try again."));
    }
  }

  return (
    <div className="grid gap-6">
      <FormError message={error} />
      <form
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={warmFormSchemas}
        onPointerDown={warmFormSchemas}
        className="grid gap-4"
      >
        <div className="grid gap-2">
          <Label htmlFor="password">New password</Label>
          <Input id="password" name="password" type="password" autoComplete="new-password" required />
          <p className="text-muted-foreground text-xs">Must be at least 6 characters</p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password2">Confirm new password</Label>
          <Input id="password2" name="password2" type="password" autoComplete="new-password" required />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </form>
    </div>
  );
}
