// GET /api/post/{id}/chat — the post's editor conversation, oldest message first
import { getPostChatHistory } from "@/lib/ai/server/chat-queries";
import { ok, withUser } from "@/lib/server/api/route";

export const GET = withUser<{ id: string }>(async ({ params, user }) =>
  ok(await getPostChatHistory(user.id, params.id)),
);
