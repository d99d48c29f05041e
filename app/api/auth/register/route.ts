// POST /api/auth/register — create an e-mail + password account and sign it in
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { registerSchema } from "@/lib/auth/schemas";
import { registerUser, toPublicUser } from "@/lib/auth/server/service";
import { startPasswordSession } from "@/lib/auth/server/password-session";

export const POST = withPublic(async ({ req }) => {
  const input = await parseJson(req, registerSchema);
  const user = await registerUser(input);
  await startPasswordSession(user.id);
  return ok({ message: "Registration successful", user: toPublicUser(user) }, { status: 201 });
});
