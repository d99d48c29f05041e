// GET /api/post/date-range — posts scheduled or published between startDate and endDate
import { okWithJsonText, parseQuery, withUser } from "@/lib/server/api/route";
import { listPostsInRange } from "@/lib/posts/server/queries";
import { dateRangeQuerySchema } from "@/lib/posts/schemas";

export const GET = withUser(async ({ req, user }) =>
  okWithJsonText({}, { posts: await listPostsInRange(user.id, parseQuery(req, dateRangeQuerySchema)) }),
);
