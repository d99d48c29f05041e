// GET /api/review/{token}/media/{filename}/thumbnail — the 320 px thumbnail of one of the review link's images
import { withPublic } from "@/lib/server/api/route";
import { reviewMediaResponse } from "@/lib/approvals/server/review-view";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withPublic<{ token: string; filename: string }>(async ({ params }) =>
  reviewMediaResponse(params.token, params.filename, "thumbnail", null),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
