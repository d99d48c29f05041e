// POST /api/chat — legacy chat endpoint (message, chatId): the same service as POST /api/openai/chat
import { sendChatMessage } from "@/lib/ai/server/chat-service";
import { chatRequestSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

const legacyChatSchema = chatRequestSchema.pick({ message: true, chatId: true });

export const POST = withMember("draft", async ({ req, workspace, user }) => {
  const { message, chatId } = await parseJson(req, legacyChatSchema);
  return ok(
    await sendChatMessage(
      { workspaceId: workspace.id, userId: user.id },
      { message, chatId, context: "general", stream: false },
    ),
  );
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
