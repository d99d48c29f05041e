// GET /api/media/files/{filename} — the owner's file, with its stored Content-Type (byte ranges for video)
import { withUser } from "@/lib/server/api/route";
import { mediaFileResponse } from "@/lib/media/server/serve";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { filename: string };

export const GET = withUser<Params>(async ({ req, params, user }) =>
  mediaFileResponse(user.id, params.filename, "original", req.headers.get("range")),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
