// POST /api/openai/generate-post — the AI Post Generator: five answers → a post for the chosen platform
import { generatePost } from "@/lib/ai/server/generate";
import { generatePostSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("draft", async ({ req, workspace, user }) =>
  ok(await generatePost({ workspaceId: workspace.id, userId: user.id }, await parseJson(req, generatePostSchema))),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
