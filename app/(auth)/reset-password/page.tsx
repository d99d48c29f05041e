import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { AuthCard } from "@/components/auth/auth-card";
import { FormError } from "@/components/auth/form-error";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { PASSWORD_RESET_LINK_INVALID } from "@/lib/auth/schemas";
import { isPasswordResetTokenUsable } from "@/lib/auth/server/password-reset";

// The token is in this page's URL: no Referer may carry it to another site.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const usable = typeof token === "string" && (await isPasswordResetTokenUsable(token));
  return (
    <AuthCard title="Choose a new password" description="Every device signed in to your account will be signed out">
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="grid gap-6">
          <FormError message={PASSWORD_RESET_LINK_INVALID} />
          <Link
            href="/forgot-password"
            className="text-primary text-center text-sm font-medium underline-offset-4 hover:underline"
          >
            Request a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
