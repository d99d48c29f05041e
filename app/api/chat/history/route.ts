// GET /api/chat/history — legacy path of GET /api/openai/chat/history
import { listChatHistory } from "@/lib/ai/server/chat-queries";
import { ok, withUser } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async ({ user }) => ok(await listChatHistory(user.id)));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
