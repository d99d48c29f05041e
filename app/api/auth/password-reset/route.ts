// POST /api/auth/password-reset — 'Forgot your password?': mails a one-use link; the same answer for any e-mail
import { after } from "next/server";
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { PASSWORD_RESET_REQUESTED, passwordResetRequestSchema } from "@/lib/auth/schemas";
import { sendPasswordResetLink, throttlePasswordResetRequest } from "@/lib/auth/server/password-reset";
import { clientIp } from "@/lib/auth/server/client-ip";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic(async ({ req, requestId }) => {
  const { email } = await parseJson(req, passwordResetRequestSchema);
  await throttlePasswordResetRequest(email, clientIp(req.headers));
  // After the answer: looking the address up and mailing would otherwise make a known e-mail slower.
  after(() =>
    sendPasswordResetLink(email).catch((error: unknown) =>
      console.error(`[auth] request ${requestId}: could not send a password reset e-mail`, error),
    ),
  );
  return ok({ message: PASSWORD_RESET_REQUESTED });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
