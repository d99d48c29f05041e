"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useResendInvitation, useRevokeInvitation } from "@/lib/client/hooks/team";
import { errorMessage } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";
import { can, ROLE_NAMES } from "@/lib/workspaces/roles";
import type { TeamInvitation, WorkspaceSummary } from "@/lib/workspaces/schemas";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium" });

/** Pending invitations (and expired ones, to resend): managers resend and revoke; owners' only by owners. */
export function TeamInvitationsList({
  workspace,
  invitations,
}: {
  workspace: WorkspaceSummary;
  invitations: TeamInvitation[];
}) {
  const resend = useResendInvitation(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const busy = resend.isPending || revoke.isPending;
  const manages = (invitation: TeamInvitation) =>
    can(workspace.role, "manageMembers") && (workspace.role === "owner" || invitation.role !== "owner");

  async function run(action: typeof resend | typeof revoke, invitation: TeamInvitation) {
    try {
      toast.success((await action.mutateAsync(invitation.id)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Could not change the invitation. Please try again."));
    }
  }

  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-semibold">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="text-muted-foreground text-sm">No pending invitations.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <span className="font-medium">{invitation.email}</span>
              <span className="text-muted-foreground">{ROLE_NAMES[invitation.role]}</span>
              {invitation.expired ? (
                <Badge variant="secondary">Expired</Badge>
              ) : (
                <span className="text-muted-foreground">
                  Expires <LocalTime iso={invitation.expiresAt} format={formatDate} />
                </span>
              )}
              {manages(invitation) && (
                <span className="ml-auto flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    onClick={() => void run(resend, invitation)}
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    onClick={() => void run(revoke, invitation)}
                  >
                    Revoke
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
