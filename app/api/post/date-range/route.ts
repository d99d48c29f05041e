// GET /api/post/date-range — posts scheduled or published between startDate and endDate
import { okWithJsonText, parseQuery, withMember } from "@/lib/server/api/route";
import { listPostsInRange } from "@/lib/posts/server/queries";
import { dateRangeQuerySchema } from "@/lib/posts/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  okWithJsonText({}, { posts: await listPostsInRange(workspace.id, parseQuery(req, dateRangeQuerySchema)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
