// POST /api/chat — legacy chat endpoint (message, chatId): the same service as POST /api/openai/chat
import { sendChatMessage } from "@/lib/ai/server/chat-service";
import { chatRequestSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

const legacyChatSchema = chatRequestSchema.pick({ message: true, chatId: true });

export const POST = withUser(async ({ req, user }) => {
  const { message, chatId } = await parseJson(req, legacyChatSchema);
  return ok(await sendChatMessage(user.id, { message, chatId, context: "general", stream: false }));
});
