// GET /api/review/{token}/media/{filename} — a file of one of the review link's posts (byte ranges for video)
import { withPublic } from "@/lib/server/api/route";
import { reviewMediaResponse } from "@/lib/approvals/server/review-view";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withPublic<{ token: string; filename: string }>(async ({ req, params }) =>
  reviewMediaResponse(params.token, params.filename, "original", req.headers.get("range")),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
