// GET /api/media/files/{filename}/thumbnail — the owner's 320 px WebP thumbnail of an image
import { withUser } from "@/lib/server/api/route";
import { mediaFileResponse } from "@/lib/media/server/serve";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { filename: string };

export const GET = withUser<Params>(async ({ params, user }) =>
  mediaFileResponse(user.id, params.filename, "thumbnail", null),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
