// POST /api/auth/refresh-token — re-issues the session cookie with a fresh expiry
import { ok, withUser } from "@/lib/server/api/route";
import { unstable_update } from "@/lib/auth/server/next-auth";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async () => {
  await unstable_update({});
  return ok({ message: "Session refreshed" });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
