// POST /api/media/upload — multipart, repeated field "media": store up to 10 images or videos
import { ok, withUser } from "@/lib/server/api/route";
import { uploadMedia } from "@/lib/media/server/service";
import { parseMediaUpload } from "@/lib/media/server/upload-form";

export const POST = withUser(async ({ req, user }) => {
  const files = await parseMediaUpload(req);
  return ok({ data: await uploadMedia(user.id, files) }, { status: 201 });
});
