// POST /api/auth/logout — ends the session (clears the cookie); GET is the spec's fallback for the same
import { ok, withPublic } from "@/lib/server/api/route";
import { signOut } from "@/lib/auth/server/next-auth";

const logout = withPublic(async () => {
  await signOut({ redirect: false });
  return ok({ message: "Logged out" });
});

export const POST = logout;
export const GET = logout;
