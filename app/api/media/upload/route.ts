// POST /api/media/upload — multipart, repeated field "media": store up to 10 images or videos
import { ok, withMember } from "@/lib/server/api/route";
import { assertDeclaredUploadFits } from "@/lib/billing/server/limits";
import { uploadMedia } from "@/lib/media/server/service";
import { MAX_UPLOAD_BYTES, parseMediaUpload } from "@/lib/media/server/upload-form";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("draft", async ({ req, workspace }) => {
  // A body that cannot fit in the plan's storage is refused before it is read.
  const files = await parseMediaUpload(req, MAX_UPLOAD_BYTES, () =>
    assertDeclaredUploadFits(workspace.id, req.headers.get("content-length")),
  );
  return ok({ data: await uploadMedia(workspace.id, files) }, { status: 201 });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
