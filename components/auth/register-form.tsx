"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSession } from "@/lib/client/session";
import { errorMessage, http } from "@/lib/client/http";
import { register } from "@/lib/client/requests/auth";
import { acceptInvitation } from "@/lib/client/requests/workspaces";
import { checkForm, warmFormSchemas } from "./check-form";
import { FormError } from "./form-error";
import { OAuthButtons } from "./oauth-buttons";

interface InvitationContext {
  token: string;
  email: string;
  workspaceName: string;
}

/** `invitation`: reached from an invitation's link; the account takes its address and joins its workspace. */
export function RegisterForm({ invitation = null }: { invitation?: InvitationContext | null }) {
  const router = useRouter();
  const { reload, switchTo } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = await checkForm(
      (schemas) => schemas.registerSchema,
      {
        name: form.get("name"),
        email: form.get("email"),
        password: form.get("password"),
        password2: form.get("confirmPassword"),
      },
      "Registration failed",
    );
    if (parsed.error !== undefined) return setError(parsed.error);
    if (!termsAccepted) return setError("Please accept the Terms and Conditions and Privacy Policy");

    setError(null);
    setBusy(true);
    try {
      await register(http, parsed.data);
      if (invitation) return await joinInvited(invitation);
      await reload();
      router.replace("/dashboard");
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Registration failed"));
    }
  }

  /** After registering: joins the invitation's workspace, or shows its page saying why it cannot. */
  async function joinInvited({ token }: InvitationContext) {
    try {
      const workspace = await acceptInvitation(token);
      await switchTo(workspace.id);
      router.replace("/dashboard");
    } catch {
      await reload();
      router.replace(`/invite/${encodeURIComponent(token)}`);
    }
  }

  return (
    <div className="grid gap-6">
      {invitation && (
        <p className="text-muted-foreground text-center text-sm">
          Create your account to join {invitation.workspaceName}.
        </p>
      )}
      <FormError message={error} />
      <form
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={warmFormSchemas}
        onPointerDown={warmFormSchemas}
        className="grid gap-4"
      >
        <div className="grid gap-2">
          <Label htmlFor="name">Full name</Label>
          <Input id="name" name="name" autoComplete="name" required />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="email">Email address</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={invitation?.email}
            readOnly={!!invitation}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="password-hint"
          />
          <p id="password-hint" className="text-muted-foreground text-xs">
            Must be at least 6 characters
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirmPassword">Confirm password</Label>
          <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required />
        </div>
        <div className="flex items-start gap-2 text-sm">
          <Checkbox
            id="terms"
            checked={termsAccepted}
            onCheckedChange={(checked) => setTermsAccepted(checked === true)}
            aria-required
            className="mt-0.5"
          />
          <Label htmlFor="terms" className="inline leading-snug font-normal">
            I agree to the{" "}
            <Link href="/terms" className="text-primary underline-offset-4 hover:underline">
              Terms and Conditions
            </Link>{" "}
            and{" "}
            <Link href="/privacy" className="text-primary underline-offset-4 hover:underline">
              Privacy Policy
            </Link>
          </Label>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </form>
      <OAuthButtons intent="signup" onError={setError} />
      <p className="text-muted-foreground text-center text-sm">
        Already have an account?{" "}
        <Link href="/login" className="text-primary font-medium underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
