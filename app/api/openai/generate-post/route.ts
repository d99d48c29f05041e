// POST /api/openai/generate-post — the AI Post Generator: five answers → a post for the chosen platform
import { generatePost } from "@/lib/ai/generate";
import { generatePostSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withUser } from "@/lib/api/route";

export const POST = withUser(async ({ req, user }) =>
  ok(await generatePost(user.id, await parseJson(req, generatePostSchema))),
);
