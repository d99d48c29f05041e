// GET /api/post — the user's posts, filtered by status, sorted, paged, with metric totals
import { ok, parseQuery, withUser } from "@/lib/api/route";
import { listPosts } from "@/lib/posts/queries";
import { listPostsQuerySchema } from "@/lib/posts/schemas";

export const GET = withUser(async ({ req, user }) => ok(await listPosts(user.id, parseQuery(req, listPostsQuerySchema))));
