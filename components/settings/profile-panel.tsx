"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/client/toast";
import { FormError } from "@/components/auth/form-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { updateProfileSchema, type PublicUser } from "@/lib/auth/schemas";
import { errorMessage, http } from "@/lib/client/http";
import { updateProfile } from "@/lib/client/requests/auth";
import { useSession } from "@/lib/client/session";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { TimeZonePanel } from "./time-zone-panel";

/**
 * Settings › Profile: name and e-mail, a way to the password form (Security), the time zone (the
 * Preferences panel itself) and deleting the account.
 */
export function ProfilePanel({ onChangePassword }: { onChangePassword: () => void }) {
  const { session } = useSession();
  const user = session.data?.user;
  return (
    <div className="grid max-w-2xl gap-6">
      <section aria-labelledby="profile-heading" className="grid gap-6">
        <div>
          <h2 id="profile-heading" className="text-xl font-semibold">
            Profile
          </h2>
          <p className="text-muted-foreground text-sm">Your name, email address and password.</p>
        </div>
        {user ? <DetailsCard key={`${user.name}|${user.email}`} user={user} /> : <Skeleton className="h-64 w-full" />}
        <Card>
          <CardHeader>
            <CardTitle>Password</CardTitle>
            <CardDescription>Changed under Security, where you can also sign out every device.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button type="button" variant="outline" onClick={onChangePassword}>
              Change password
            </Button>
          </CardContent>
        </Card>
      </section>
      <TimeZonePanel />
      {user && <DangerZone email={user.email} />}
    </div>
  );
}

function DetailsCard({ user }: { user: PublicUser }) {
  const { reload } = useSession();
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailChanging = email.trim().toLowerCase() !== user.email;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "");
    const parsed = updateProfileSchema.safeParse({
      name,
      ...(emailChanging ? { email, currentPassword: String(form.get("currentPassword") ?? "") || undefined } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please check the form");
    setError(null);
    setBusy(true);
    try {
      const response = await updateProfile(http, parsed.data);
      toast.success(response.message);
      await reload();
    } catch (caught) {
      setError(errorMessage(caught, "Could not save your profile. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>Your name appears in the menu; your email address is how you sign in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError message={error} />
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="profile-name">Full name</Label>
            <Input id="profile-name" name="name" autoComplete="name" defaultValue={user.name} required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-email">Email address</Label>
            <Input
              id="profile-email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          {emailChanging && (
            <div className="grid gap-2">
              <Label htmlFor="profile-current-password">Current password</Label>
              <Input
                id="profile-current-password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                aria-describedby="profile-current-password-hint"
              />
              <p id="profile-current-password-hint" className="text-muted-foreground text-xs">
                Needed to change the email address of an account with a password.
              </p>
            </div>
          )}
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Saving..." : "Save profile"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function DangerZone({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="danger-heading" className="grid gap-4">
      <h2 id="danger-heading" className="text-xl font-semibold">
        Delete account
      </h2>
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle>Delete your account</CardTitle>
          <CardDescription>
            Removes your posts, media and analytics and revokes Postloom&apos;s access to your social accounts. This
            cannot be undone.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} email={email} />
    </section>
  );
}
