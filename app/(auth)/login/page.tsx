import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata = { title: "Sign in" };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  return (
    <AuthCard title="Sign in to your account" description="Welcome back to Postloom">
      <LoginForm oauthError={single(params.error)} passwordReset={single(params.reset) === "done"} />
    </AuthCard>
  );
}
