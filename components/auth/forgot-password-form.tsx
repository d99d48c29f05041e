"use client";

import { Link } from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage, http } from "@/lib/client/http";
import { requestPasswordReset } from "@/lib/client/requests/auth";
import { checkForm, warmFormSchemas } from "./check-form";
import { FormError } from "./form-error";

/** 'Forgot your password?': asks for the address; the answer is the same whether it has an account or not. */
export function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = await checkForm(
      (schemas) => schemas.passwordResetRequestSchema,
      { email: new FormData(event.currentTarget).get("email") },
      "Please enter a valid email address",
    );
    if (parsed.error !== undefined) return setError(parsed.error);
    setError(null);
    setBusy(true);
    try {
      const response = await requestPasswordReset(http, parsed.data);
      setSent(response.message);
    } catch (caught) {
      setError(errorMessage(caught, "Could not send the reset link. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6">
      <FormError message={error} />
      {sent ? (
        <Alert variant="success" role="status">
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : (
        <form
          onSubmit={(event) => void handleSubmit(event)}
          onFocus={warmFormSchemas}
          onPointerDown={warmFormSchemas}
          className="grid gap-4"
        >
          <div className="grid gap-2">
            <Label htmlFor="email">Email</Label>
            <Input id="email" name="email" type="email" autoComplete="email" required />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="text-muted-foreground text-center text-sm">
        Remembered it?{" "}
        <Link href="/login" className="text-primary font-medium underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
