// POST /api/social/accounts/{id}/refresh-token — renews the account's tokens through the platform
import { ok, withUser } from "@/lib/server/api/route";
import { refreshAccountToken } from "@/lib/social/server/accounts-service";

export const POST = withUser<{ id: string }>(async ({ params, user }) =>
  ok({ message: "Token refreshed successfully", data: await refreshAccountToken(user.id, params.id) }),
);
