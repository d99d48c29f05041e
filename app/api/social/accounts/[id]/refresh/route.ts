// POST /api/social/accounts/{id}/refresh — 'Refresh Data': profile, followers, post count, Last Sync
import { ok, withMember } from "@/lib/server/api/route";
import { refreshAccountData } from "@/lib/social/server/accounts-service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("manageAccounts", async ({ params, workspace }) =>
  ok({ message: "Account data refreshed", data: await refreshAccountData(workspace.id, params.id) }),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
