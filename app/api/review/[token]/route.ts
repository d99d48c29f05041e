// GET /api/review/{token} — the posts of a review link, as the outside reviewer sees them (no account: the signed link is the key)
import { ok, withPublic } from "@/lib/server/api/route";
import { activeLink, reviewView } from "@/lib/approvals/server/review-view";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withPublic<{ token: string }>(async ({ params }) =>
  ok({ data: await reviewView(params.token, await activeLink(params.token)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
