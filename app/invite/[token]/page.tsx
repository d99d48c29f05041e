import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { FormError } from "@/components/auth/form-error";
import { AcceptInvitation } from "@/components/team/accept-invitation";
import { Link } from "@/components/ui/link";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { ROLE_NAMES } from "@/lib/workspaces/roles";
import { TEAM_MESSAGES } from "@/lib/workspaces/schemas";
import { describeInvitation, invitationStateMessage } from "@/lib/workspaces/server/invitations";

// The token is in this page's URL: no Referer may carry it to another site.
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

const linkClass = "text-primary text-center text-sm font-medium underline-offset-4 hover:underline";

/**
 * An invitation's link. Signed in with the invited address: a button joins. Signed out: sign in or
 * create an account (its e-mail given), then join. Another address, or a link expired, used or
 * revoked: the reason, and nothing to do.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([describeInvitation(token), getRenderSessionUser()]);

  if (invitation.state !== "pending")
    return (
      <Shell title="Invitation" description="Joining a workspace on Postloom">
        <div className="grid gap-6">
          <FormError message={invitationStateMessage(invitation.state)} />
          <Link href={user ? "/dashboard" : "/"} className={linkClass}>
            {user ? "Go to the dashboard" : "Go to the home page"}
          </Link>
        </div>
      </Shell>
    );

  const title = `Join ${invitation.workspaceName}`;
  const description = `${invitation.inviterName ?? "Someone"} invited ${invitation.email} to join as ${ROLE_NAMES[invitation.role]}.`;
  const encoded = encodeURIComponent(token);
  return (
    <Shell title={title} description={description}>
      {!user ? (
        <div className="grid gap-4">
          <p className="text-muted-foreground text-center text-sm">
            Sign in or create an account with {invitation.email} to accept.
          </p>
          <Link href={`/login?invite=${encoded}`} className={linkClass}>
            Sign in to accept
          </Link>
          <Link href={`/register?invite=${encoded}`} className={linkClass}>
            Create an account
          </Link>
        </div>
      ) : user.email.toLowerCase() === invitation.email ? (
        <AcceptInvitation token={token} workspaceName={invitation.workspaceName} />
      ) : (
        <div className="grid gap-4">
          <FormError message={TEAM_MESSAGES.wrongEmail(invitation.email)} />
          <p className="text-muted-foreground text-center text-sm">You are signed in as {user.email}.</p>
        </div>
      )}
    </Shell>
  );
}

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none sm:items-center"
    >
      <AuthCard title={title} description={description}>
        {children}
      </AuthCard>
    </main>
  );
}
