// POST /api/openai/chat — a message to the AI assistant; JSON ChatReply, or with stream: true an event stream
import { sendChatMessage, streamChatMessage } from "@/lib/ai/server/chat-service";
import { chatRequestSchema } from "@/lib/ai/schemas";
import { sseResponse } from "@/lib/ai/server/sse";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, chatRequestSchema);
  if (!input.stream) return ok(await sendChatMessage(user.id, input));
  const { events, cancel } = await streamChatMessage(user.id, input);
  return sseResponse(events, cancel);
});
