// GET /api/chat/history — legacy path of GET /api/openai/chat/history
import { listChatHistory } from "@/lib/ai/server/chat-queries";
import { ok, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ user }) => ok(await listChatHistory(user.id)));
