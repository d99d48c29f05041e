// PUT /api/auth/password — change the password (current one required); every other session ends
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { changePassword } from "@/lib/auth/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const PUT = withUser(async ({ req, user }) => {
  const input = await parseJson(req, changePasswordSchema);
  await changePassword(user.id, user.sessionId, input);
  return ok({ message: "Password changed. Your other sessions have been signed out." });
});

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods({ PUT });
