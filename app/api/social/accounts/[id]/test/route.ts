// POST /api/social/accounts/{id}/test — checks the stored tokens against the platform
import { ok, withMember } from "@/lib/server/api/route";
import { testAccountToken } from "@/lib/social/server/accounts-service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("read", async ({ params, workspace }) =>
  ok({ data: await testAccountToken(workspace.id, params.id) }),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
