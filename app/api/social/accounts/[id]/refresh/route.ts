// POST /api/social/accounts/{id}/refresh — 'Refresh Data': profile, followers, post count, Last Sync
import { ok, withUser } from "@/lib/server/api/route";
import { refreshAccountData } from "@/lib/social/server/accounts-service";

export const POST = withUser<{ id: string }>(async ({ params, user }) =>
  ok({ message: "Account data refreshed", data: await refreshAccountData(user.id, params.id) }),
);
