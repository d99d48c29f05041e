// POST /api/notifications/read — { ids? } marks the person's notifications read (all of them without ids)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { markNotificationsReadSchema } from "@/lib/notifications/schemas";
import { markNotificationsRead } from "@/lib/notifications/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  await markNotificationsRead(user.id, await parseJson(req, markNotificationsReadSchema));
  return ok({ message: "Notifications marked read" });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
