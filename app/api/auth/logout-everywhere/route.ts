// POST /api/auth/logout-everywhere — Settings' 'Sign out everywhere': ends every session of the user, this one included
import { ok, withUser } from "@/lib/server/api/route";
import { signOut } from "@/lib/auth/server/next-auth";
import { revokeUserSessions } from "@/lib/auth/server/user-sessions";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ user }) => {
  await revokeUserSessions(user.id);
  await signOut({ redirect: false });
  return ok({ message: "Signed out everywhere" });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
