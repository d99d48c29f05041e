// GET, PUT, DELETE /api/social/accounts/{id} — one account: read, rename, disconnect (tokens deleted)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { deleteAccount, getAccountOrThrow, updateAccount } from "@/lib/social/server/accounts-service";
import { updateAccountSchema } from "@/lib/social/schemas";

type Params = { id: string };

export const GET = withUser<Params>(async ({ params, user }) =>
  ok({ data: await getAccountOrThrow(user.id, params.id) }),
);

export const PUT = withUser<Params>(async ({ req, params, user }) => {
  const input = await parseJson(req, updateAccountSchema);
  return ok({ message: "Account updated", data: await updateAccount(user.id, params.id, input) });
});

export const DELETE = withUser<Params>(async ({ params, user }) => {
  const { affectedScheduledPosts } = await deleteAccount(user.id, params.id);
  return ok({ message: "Account disconnected successfully", affectedScheduledPosts });
});
