// POST /api/auth/password-reset/confirm — sets a new password from a reset link (once); ends every session
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { PASSWORD_RESET_DONE, passwordResetSchema } from "@/lib/auth/schemas";
import { resetPasswordWithToken } from "@/lib/auth/server/password-reset";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic(async ({ req }) => {
  const { token, password } = await parseJson(req, passwordResetSchema);
  await resetPasswordWithToken(token, password);
  return ok({ message: PASSWORD_RESET_DONE });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
