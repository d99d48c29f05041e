// GET /api/social/auth/callback — a callback that lost its platform segment
import { badRequest } from "@/lib/server/api/errors";
import { withUser } from "@/lib/server/api/route";

export const GET = withUser(async () => {
  throw badRequest("Platform not specified", "missing_platform");
});
