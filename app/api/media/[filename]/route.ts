// DELETE /api/media/{filename} — delete one of the user's files (refused while a scheduled post uses it)
import { ok, withUser } from "@/lib/server/api/route";
import { MEDIA_MESSAGES } from "@/lib/media/schemas";
import { deleteMedia } from "@/lib/media/server/service";

type Params = { filename: string };

export const DELETE = withUser<Params>(async ({ params, user }) => {
  await deleteMedia(user.id, params.filename);
  return ok({ message: MEDIA_MESSAGES.deleted });
});
