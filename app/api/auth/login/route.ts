// POST /api/auth/login — e-mail + password sign-in; locked per e-mail+IP, slowed per e-mail and per IP; sets the session cookie
import { setTimeout as sleep } from "node:timers/promises";
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { tooManyRequests, unauthorized } from "@/lib/server/api/errors";
import { clientIp } from "@/lib/auth/server/client-ip";
import { loginSucceeded, reserveLoginAttempt } from "@/lib/auth/server/rate-limit";
import { loginSchema } from "@/lib/auth/schemas";
import { authenticateWithPassword, toPublicUser } from "@/lib/auth/server/service";
import { startPasswordSession } from "@/lib/auth/server/password-session";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic(async ({ req }) => {
  const { email, password } = await parseJson(req, loginSchema);
  const ip = clientIp(req.headers);
  // Counted before the password is checked (see rate-limit.ts); only a success gives it back.
  const attempt = await reserveLoginAttempt(email, ip);
  if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds);
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const user = await authenticateWithPassword(email, password);
  if (!user) throw unauthorized("Invalid email or password");
  await loginSucceeded(email, ip);
  await startPasswordSession(user.id);
  return ok({ message: "Login successful", user: toPublicUser(user) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
