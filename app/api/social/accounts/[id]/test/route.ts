// POST /api/social/accounts/{id}/test — checks the stored tokens against the platform
import { ok, withUser } from "@/lib/server/api/route";
import { testAccountToken } from "@/lib/social/server/accounts-service";

export const POST = withUser<{ id: string }>(async ({ params, user }) =>
  ok({ data: await testAccountToken(user.id, params.id) }),
);
