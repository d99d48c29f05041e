// GET /api/social/auth/callback — a callback that lost its platform segment
import { badRequest } from "@/lib/server/api/errors";
import { withUser } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async () => {
  throw badRequest("Platform not specified", "missing_platform");
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
