// GET /api/workspaces/{id}/approvals — whether the workspace's posts need approval (members)
// PATCH /api/workspaces/{id}/approvals — { postsNeedApproval } turns it on or off (owners and admins)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { APPROVAL_MESSAGES, approvalSettingSchema } from "@/lib/approvals/schemas";
import { getApprovalSetting, setApprovalSetting } from "@/lib/approvals/server/setting";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const GET = withUser<Params>(async ({ params, user }) => {
  await assertMemberCan(user.id, params.id, "read");
  return ok({ data: await getApprovalSetting(params.id) });
});

export const PATCH = withUser<Params>(async ({ req, params, user }) => {
  await assertMemberCan(user.id, params.id, "manageSettings");
  const { postsNeedApproval } = await parseJson(req, approvalSettingSchema);
  await setApprovalSetting(params.id, postsNeedApproval);
  return ok({ message: APPROVAL_MESSAGES.settingSaved, data: { postsNeedApproval } });
});

export const { OPTIONS, POST, PUT, DELETE } = otherMethods({ GET, PATCH });
