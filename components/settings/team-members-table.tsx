"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useChangeMemberRole, useRemoveMember } from "@/lib/client/hooks/team";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can, ROLE_NAMES } from "@/lib/workspaces/roles";
import type { TeamMember, WorkspaceRole, WorkspaceSummary } from "@/lib/workspaces/schemas";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { grantableRoles } from "./team-roles";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium" });

/**
 * The members: name, e-mail, role, joined. A manager's rows have a role select and Remove, except
 * for owners when the manager is an admin; the person's own row has Leave.
 */
export function TeamMembersTable({
  workspace,
  me,
  members,
}: {
  workspace: WorkspaceSummary;
  me: string;
  members: TeamMember[];
}) {
  const router = useRouter();
  const { leave } = useSession();
  const changeRole = useChangeMemberRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const manages = can(workspace.role, "manageMembers");
  const busy = changeRole.isPending || remove.isPending;
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function setRole(member: TeamMember, role: WorkspaceRole) {
    try {
      const response = await changeRole.mutateAsync({ userId: member.userId, role });
      toast.success(`${response.message}: ${member.name} is now ${ROLE_NAMES[role]}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not change the role. Please try again."));
    }
  }

  async function removeOrLeave(member: TeamMember) {
    const leaving = member.userId === me;
    try {
      const response = await remove.mutateAsync(member.userId);
      toast.success(response.message);
      setRemoving(null);
      if (!leaving) return;
      await leave(workspace.id);
      router.refresh();
    } catch (error) {
      setRemoving(null);
      toast.error(errorMessage(error, "Could not remove the member. Please try again."));
    }
  }

  const editable = (member: TeamMember) =>
    manages && member.userId !== me && (workspace.role === "owner" || member.role !== "owner");

  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Members of {workspace.name}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Email
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Role
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Joined
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId} className="border-t">
              <td className="px-3 py-2 font-medium">
                {member.name}
                {member.userId === me && <span className="text-muted-foreground font-normal"> (you)</span>}
              </td>
              <td className="px-3 py-2">{member.email}</td>
              <td className="px-3 py-2">
                {editable(member) ? (
                  <Select
                    value={member.role}
                    disabled={busy}
                    onValueChange={(role) => void setRole(member, role as WorkspaceRole)}
                  >
                    <SelectTrigger size="sm" aria-label={`Role of ${member.name}`} className="min-w-32">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {grantableRoles(workspace.role).map((role) => (
                        <SelectItem key={role} value={role}>
                          {ROLE_NAMES[role]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : (
                  ROLE_NAMES[member.role]
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <LocalTime iso={member.joinedAt} format={formatDate} />
              </td>
              <td className="px-3 py-2 text-right">
                {member.userId === me ? (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => setRemoving(member)}>
                    Leave
                  </Button>
                ) : (
                  editable(member) && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </Button>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RemoveMemberDialog
        subject={removing && (removing.userId === me ? "self" : removing)}
        workspaceName={workspace.name}
        busy={remove.isPending}
        onConfirm={() => removing && void removeOrLeave(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </div>
  );
}
