// GET /api/subscription/check-limit?operation=createPost — whether the plan allows the operation now
import { z } from "zod";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";
import { checkCreatePost } from "@/lib/billing/server/limits";

const querySchema = z.object({ operation: z.enum(["createPost"], { error: "operation must be createPost" }) });

export const GET = withUser(async ({ req, user }) => {
  parseQuery(req, querySchema);
  return ok(await checkCreatePost(user.id));
});
