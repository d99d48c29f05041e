import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata = { title: "Forgot your password?" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot your password?" description="We will e-mail you a link to choose a new one">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
