// GET /api/media/user — the user's media library, newest first
import { ok, withUser } from "@/lib/api/route";
import { listMedia } from "@/lib/media/queries";

export const GET = withUser(async ({ user }) => ok({ data: await listMedia(user.id) }));
