// DELETE /api/auth/account — Settings › Profile › Delete account: { confirmation } is the e-mail or DELETE;
// revokes the platform grants, removes every row, file and queued job of the user, ends every session
import { deleteAccount } from "@/lib/account/server/delete-account";
import { signOut } from "@/lib/auth/server/next-auth";
import { deleteAccountSchema, PROFILE_MESSAGES } from "@/lib/auth/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const DELETE = withUser(async ({ req, user }) => {
  const input = await parseJson(req, deleteAccountSchema);
  await deleteAccount(user.id, input);
  await signOut({ redirect: false });
  return ok({ message: PROFILE_MESSAGES.deleted });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
