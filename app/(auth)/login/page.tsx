import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { firstParam, type PageSearchParams } from "@/lib/server/page-params";
import { inviteTokenOrNull } from "@/lib/workspaces/invite-token";

export const metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  return (
    <AuthCard title="Sign in to your account" description="Welcome back to Postloom">
      <LoginForm
        oauthError={firstParam(params.error)}
        passwordReset={firstParam(params.reset) === "done"}
        invite={inviteTokenOrNull(firstParam(params.invite))}
      />
    </AuthCard>
  );
}
