// POST /api/auth/login — e-mail + password sign-in; rate-limited per e-mail and IP; sets the session cookie
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { tooManyRequests, unauthorized } from "@/lib/server/api/errors";
import { clearLoginFailures, clientIp, loginRetryAfter, recordLoginFailure } from "@/lib/auth/server/rate-limit";
import { loginSchema } from "@/lib/auth/schemas";
import { authenticateWithPassword, toPublicUser } from "@/lib/auth/server/service";
import { startPasswordSession } from "@/lib/auth/server/password-session";

export const POST = withPublic(async ({ req }) => {
  const { email, password } = await parseJson(req, loginSchema);
  const ip = clientIp(req.headers);
  const retryAfter = await loginRetryAfter(email, ip);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);

  const user = await authenticateWithPassword(email, password);
  if (!user) {
    await recordLoginFailure(email, ip);
    throw unauthorized("Invalid email or password");
  }
  await clearLoginFailures(email);
  await startPasswordSession(user.id);
  return ok({ message: "Login successful", user: toPublicUser(user) });
});
