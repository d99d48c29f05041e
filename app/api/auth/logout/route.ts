// POST /api/auth/logout — ends this session on the server (every web process) and clears the cookie
import { ok, withPublic } from "@/lib/server/api/route";
import { ApiError } from "@/lib/server/api/errors";
import { signOut } from "@/lib/auth/server/next-auth";
import { getSessionUser } from "@/lib/auth/server/session";
import { revokeSession } from "@/lib/auth/server/user-sessions";
import { allowHeader, otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic(async () => {
  const user = await getSessionUser();
  if (user) await revokeSession(user.sessionId);
  await signOut({ redirect: false });
  return ok({ message: "Logged out" });
});

// GET /api/auth/logout — the spec's fallback, but a GET must change nothing: a plain link or an
// <img> on any page could otherwise sign people out. It only says how to sign out.
export const GET = withPublic(async () => {
  throw new ApiError(405, "method_not_allowed", "Sign out with a POST request.", { Allow: allowHeader(["POST"]) });
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
