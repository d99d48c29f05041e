"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSession } from "@/lib/client/session";
import { errorMessage, http } from "@/lib/client/http";
import { PASSWORD_RESET_DONE } from "@/lib/auth/constants";
import { login } from "@/lib/client/requests/auth";
import { checkForm, warmFormSchemas } from "./check-form";
import { FormError } from "./form-error";
import { OAuthButtons } from "./oauth-buttons";

/** next-auth sends failed Google/Facebook sign-ins back here with ?error=<type>. */
const oauthErrors: Record<string, string> = {
  AccessDenied: "Sign-in was cancelled or denied.",
  OAuthAccountNotLinked:
    "An account with this email already exists. Sign in to it first with your password (or the way you signed up); this sign-in method was not linked to it.",
};

type Phase = "idle" | "signing-in" | "loading-accounts";

/**
 * `oauthError`: next-auth's ?error= after a failed Google/Facebook sign-in; `passwordReset`: the
 * page was reached from a finished password reset (?reset=done). The page reads both from its URL on
 * the server, so the form is in its HTML (it used to appear only after hydration, moving the card).
 */
export function LoginForm({
  oauthError,
  passwordReset,
  invite = null,
}: {
  oauthError: string | null;
  passwordReset: boolean;
  /** Reached from an invitation's page: back there once signed in, to accept it. */
  invite?: string | null;
}) {
  const router = useRouter();
  const { reload } = useSession();
  const [error, setError] = useState<string | null>(
    oauthError ? (oauthErrors[oauthError] ?? "Sign-in failed. Please try again.") : null,
  );
  const [phase, setPhase] = useState<Phase>("idle");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = await checkForm(
      (schemas) => schemas.loginSchema,
      { email: form.get("email"), password: form.get("password") },
      "Login failed",
    );
    if (parsed.error !== undefined) return setError(parsed.error);

    setError(null);
    setPhase("signing-in");
    try {
      await login(http, parsed.data);
      setPhase("loading-accounts");
      await reload();
      router.replace(invite ? `/invite/${encodeURIComponent(invite)}` : "/dashboard");
    } catch (caught) {
      setPhase("idle");
      setError(errorMessage(caught, "Login failed"));
    }
  }

  const busy = phase !== "idle";
  return (
    <div className="grid gap-6">
      <FormError message={error} />
      {passwordReset && !error && (
        <Alert variant="success" role="status">
          <AlertDescription>{PASSWORD_RESET_DONE}</AlertDescription>
        </Alert>
      )}
      <form
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={warmFormSchemas}
        onPointerDown={warmFormSchemas}
        className="grid gap-4"
        noValidate={false}
      >
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <div className="flex items-center justify-between gap-4 text-sm">
          <div className="flex items-center gap-2">
            <Checkbox id="remember" name="remember" defaultChecked />
            <Label htmlFor="remember" className="font-normal">
              Remember me
            </Label>
          </div>
          <Link href="/forgot-password" className="text-primary font-medium underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" disabled={busy}>
          {phase === "signing-in"
            ? "Signing in..."
            : phase === "loading-accounts"
              ? "Loading your accounts..."
              : "Sign in"}
        </Button>
      </form>
      <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
        <span className="bg-border h-px flex-1" />
        or
        <span className="bg-border h-px flex-1" />
      </div>
      <OAuthButtons intent="login" onError={setError} />
      <p className="text-muted-foreground text-center text-sm">
        Don&apos;t have an account?{" "}
        <Link
          href={invite ? `/register?invite=${encodeURIComponent(invite)}` : "/register"}
          className="text-primary font-medium underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
