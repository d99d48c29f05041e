// POST /api/social/accounts/{id}/refresh-token — renews the account's tokens through the platform
import { ok, withMember } from "@/lib/server/api/route";
import { refreshAccountToken } from "@/lib/social/server/accounts-service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("manageAccounts", async ({ params, workspace }) =>
  ok({ message: "Token refreshed successfully", data: await refreshAccountToken(workspace.id, params.id) }),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
