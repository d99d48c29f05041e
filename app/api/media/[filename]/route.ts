// DELETE /api/media/{filename} — delete one of the user's files (refused while a scheduled post uses it)
import { ok, withMember } from "@/lib/server/api/route";
import { MEDIA_MESSAGES } from "@/lib/media/schemas";
import { deleteMedia } from "@/lib/media/server/service";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { filename: string };

export const DELETE = withMember<Params>("publish", async ({ params, workspace }) => {
  await deleteMedia(workspace.id, params.filename);
  return ok({ message: MEDIA_MESSAGES.deleted });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
