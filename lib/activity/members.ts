import type { MemberDto } from "@/lib/activity/schemas";
import type { TeamListing } from "@/lib/workspaces/schemas";

/**
 * The members mentions and the Activity filter offer, from the team listing
 * (GET /api/workspaces/{id}/members), by name.
 */
export function mentionableMembers(team: TeamListing): MemberDto[] {
  return team.members
    .map((member) => ({ id: member.userId, name: member.name || member.email, email: member.email, role: member.role }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
}
