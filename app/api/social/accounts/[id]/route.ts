// GET, PUT, DELETE /api/social/accounts/{id} — one account: read, rename, disconnect (tokens deleted)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { deleteAccount, getAccountOrThrow, updateAccount } from "@/lib/social/server/accounts-service";
import { updateAccountSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const GET = withMember<Params>("read", async ({ params, workspace }) =>
  ok({ data: await getAccountOrThrow(workspace.id, params.id) }),
);

export const PUT = withMember<Params>("manageAccounts", async ({ req, params, workspace }) => {
  const input = await parseJson(req, updateAccountSchema);
  return ok({ message: "Account updated", data: await updateAccount(workspace.id, params.id, input) });
});

export const DELETE = withMember<Params>("manageAccounts", async ({ params, user, workspace }) => {
  const { affectedScheduledPosts } = await deleteAccount(workspace.id, user.id, params.id);
  return ok({ message: "Account disconnected successfully", affectedScheduledPosts });
});

export const { OPTIONS, POST, PATCH } = otherMethods({ GET, PUT, DELETE });
