// GET /api/media/user — the user's media library, newest first
import { ok, withUser } from "@/lib/server/api/route";
import { listMedia } from "@/lib/media/server/queries";

export const GET = withUser(async ({ user }) => ok({ data: await listMedia(user.id) }));
