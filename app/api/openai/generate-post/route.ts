// POST /api/openai/generate-post — the AI Post Generator: five answers → a post for the chosen platform
import { generatePost } from "@/lib/ai/server/generate";
import { generatePostSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

export const POST = withUser(async ({ req, user }) =>
  ok(await generatePost(user.id, await parseJson(req, generatePostSchema))),
);
