"use client";

import { useState, type FormEvent } from "react";
import { FormError } from "@/components/auth/form-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useInviteMember, useTeam } from "@/lib/client/hooks/team";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can } from "@/lib/workspaces/roles";
import { inviteMemberSchema, type WorkspaceRole, type WorkspaceSummary } from "@/lib/workspaces/schemas";
import { grantableRoles, roleOptions } from "./team-roles";
import { TeamInvitationsList } from "./team-invitations-list";
import { TeamMembersTable } from "./team-members-table";

/**
 * Settings › Team: the current workspace's members and pending invitations. Owners and admins
 * invite, change roles, resend and revoke (the server decides; this only hides what it would
 * refuse); everyone else reads the list and may leave.
 */
export function TeamPanel() {
  const { session } = useSession();
  if (!session.data) return null;
  return <TeamSection key={session.data.workspace.id} workspace={session.data.workspace} me={session.data.user.id} />;
}

function TeamSection({ workspace, me }: { workspace: WorkspaceSummary; me: string }) {
  const team = useTeam(workspace.id);
  const manages = can(workspace.role, "manageMembers");
  const seats = team.data?.seats;
  return (
    <section aria-labelledby="team-heading" className="grid max-w-4xl gap-6">
      <div>
        <h2 id="team-heading" className="text-xl font-semibold">
          Team
        </h2>
        <p className="text-muted-foreground text-sm">
          {manages
            ? `Who works in ${workspace.name}, and what each may do.`
            : `Who works in ${workspace.name}. Owners and admins manage the team.`}
        </p>
      </div>
      {team.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner className="size-6" aria-label="Loading" />
        </div>
      ) : team.isError ? (
        <FormError message={errorMessage(team.error, "Could not load the team. Please try again.")} />
      ) : (
        <>
          {seats && (
            <p className="text-sm" role="status">
              {seats.limit === -1
                ? `${seats.used} seats used (members and pending invitations).`
                : `${seats.used} of ${seats.limit} seats used (members and pending invitations), on this workspace's plan.`}
            </p>
          )}
          <TeamMembersTable workspace={workspace} me={me} members={team.data.members} />
          {manages && <InviteCard workspace={workspace} />}
          <TeamInvitationsList workspace={workspace} invitations={team.data.invitations} />
        </>
      )}
    </section>
  );
}

function InviteCard({ workspace }: { workspace: WorkspaceSummary }) {
  const invite = useInviteMember(workspace.id);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("editor");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = inviteMemberSchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
    setError(null);
    try {
      const response = await invite.mutateAsync(parsed.data);
      setEmail("");
      toast.success(response.message);
    } catch (caught) {
      setError(errorMessage(caught, "Could not send the invitation. Please try again."));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Invite someone</h3>
        </CardTitle>
        <CardDescription>
          They get an e-mail with a link that works once, for 7 days, for an account with that address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <FormError message={error} />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <div className="grid gap-1.5">
              <Label htmlFor="invite-email">Email address</Label>
              <Input
                id="invite-email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <NativeSelect
              id="invite-role"
              label="Role"
              value={role}
              options={roleOptions(grantableRoles(workspace.role))}
              onChange={(value) => setRole(value as WorkspaceRole)}
            />
          </div>
          <Button type="submit" className="justify-self-start" disabled={invite.isPending || !email.trim()}>
            {invite.isPending ? "Sending..." : "Send invitation"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
