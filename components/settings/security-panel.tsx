"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/client/toast";
import { FormError } from "@/components/auth/form-error";
import { useSession } from "@/lib/client/session";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { errorMessage, http } from "@/lib/client/http";
import { changePassword, logoutEverywhere } from "@/lib/client/requests/auth";

/** Settings → Security: change the password (other sessions end) and 'Sign out everywhere'. */
export function SecurityPanel() {
  return (
    <section aria-labelledby="security-heading" className="grid max-w-2xl gap-6">
      <div>
        <h2 id="security-heading" className="text-xl font-semibold">
          Security
        </h2>
        <p className="text-muted-foreground text-sm">Your password and the devices signed in to your account.</p>
      </div>
      <ChangePasswordCard />
      <SignOutEverywhereCard />
    </section>
  );
}

function ChangePasswordCard() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = changePasswordSchema.safeParse({
      currentPassword: form.get("currentPassword"),
      newPassword: form.get("newPassword"),
      confirmPassword: form.get("confirmPassword"),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please check the form");
    setError(null);
    setBusy(true);
    try {
      const response = await changePassword(http, parsed.data);
      formElement.reset();
      toast.success(response.message);
    } catch (caught) {
      setError(errorMessage(caught, "Could not change the password. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Every other device signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError message={error} />
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="currentPassword">Current password</Label>
            <Input
              id="currentPassword"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="newPassword">New password</Label>
            <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required />
            <p className="text-muted-foreground text-xs">Must be at least 6 characters</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="confirmPassword">Confirm new password</Label>
            <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required />
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Changing..." : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setError(null);
    setBusy(true);
    try {
      await logoutEverywhere(http);
      // Nothing of the ended session stays in the page: its cached data, then the user; then the
      // landing page, where Sign out leads too.
      queryClient.clear();
      await reload();
      router.replace("/");
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Could not sign out everywhere. Please try again."));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign out everywhere</CardTitle>
        <CardDescription>
          Ends every session of your account on every device and browser, this one included.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError message={error} />
        <Button variant="destructive" disabled={busy} onClick={() => void handleClick()} className="justify-self-start">
          {busy ? "Signing out..." : "Sign out everywhere"}
        </Button>
      </CardContent>
    </Card>
  );
}
