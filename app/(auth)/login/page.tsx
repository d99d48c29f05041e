import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <AuthCard title="Sign in to your account" description="Welcome back to Postloom">
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthCard>
  );
}
