// POST /api/auth/register — create an e-mail + password account and sign it in; attempts on taken e-mails are limited per IP
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { tooManyRequests } from "@/lib/server/api/errors";
import { registerSchema } from "@/lib/auth/schemas";
import { clientIp } from "@/lib/auth/server/client-ip";
import { registrationSucceeded, reserveRegistration } from "@/lib/auth/server/rate-limit";
import { registerUser, toPublicUser } from "@/lib/auth/server/service";
import { startPasswordSession } from "@/lib/auth/server/password-session";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic(async ({ req }) => {
  const input = await parseJson(req, registerSchema);
  const ip = clientIp(req.headers);
  // 'already exists' tells whether an e-mail has an account: count first, give a success back.
  const attempt = await reserveRegistration(ip);
  if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds);
  const user = await registerUser(input);
  await registrationSucceeded(ip);
  await startPasswordSession(user.id);
  return ok({ message: "Registration successful", user: toPublicUser(user) }, { status: 201 });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
