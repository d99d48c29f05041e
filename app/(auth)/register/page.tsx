import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { firstParam, type PageSearchParams } from "@/lib/server/page-params";
import { inviteTokenOrNull } from "@/lib/workspaces/invite-token";
import { describeInvitation } from "@/lib/workspaces/server/invitations";

export const metadata = { title: "Create account" };

export default async function RegisterPage({ searchParams }: { searchParams: PageSearchParams }) {
  // Reached from an invitation's page: the account is made for the invited address, then joins.
  const token = inviteTokenOrNull(firstParam((await searchParams).invite));
  const invitation = token ? await describeInvitation(token) : null;
  return (
    <AuthCard title="Create your account" description="Start your free trial: no card needed">
      <RegisterForm
        invitation={
          token && invitation?.state === "pending"
            ? { token, email: invitation.email, workspaceName: invitation.workspaceName }
            : null
        }
      />
    </AuthCard>
  );
}
