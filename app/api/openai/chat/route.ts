// POST /api/openai/chat — a message to the AI assistant; JSON ChatReply, or with stream: true an event stream
import { sendChatMessage, streamChatMessage } from "@/lib/ai/server/chat-service";
import { chatRequestSchema } from "@/lib/ai/schemas";
import { sseResponse } from "@/lib/ai/server/sse";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("draft", async ({ req, workspace, user }) => {
  const input = await parseJson(req, chatRequestSchema);
  const actor = { workspaceId: workspace.id, userId: user.id };
  if (!input.stream) return ok(await sendChatMessage(actor, input));
  const { events, cancel } = await streamChatMessage(actor, input);
  return sseResponse(events, cancel);
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
