// GET /api/media/user — the user's media library, newest first
import { ok, withMember } from "@/lib/server/api/route";
import { listMedia } from "@/lib/media/server/queries";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace }) => ok({ data: await listMedia(workspace.id) }));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
