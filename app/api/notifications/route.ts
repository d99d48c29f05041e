// GET /api/notifications — the signed-in person's newest notifications and how many are unread (the bell)
import { ok, withUser } from "@/lib/server/api/route";
import { listNotifications } from "@/lib/notifications/server/queries";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async ({ user }) => ok({ data: await listNotifications(user.id) }));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
