// GET /api/post/{id}/chat — the post's editor conversation, oldest message first
import { getPostChatHistory } from "@/lib/ai/server/chat-queries";
import { ok, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember<{ id: string }>("read", async ({ params, workspace, user }) =>
  ok(await getPostChatHistory({ workspaceId: workspace.id, userId: user.id }, params.id)),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
