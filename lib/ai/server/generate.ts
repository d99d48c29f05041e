import type { Actor } from "@/lib/workspaces/schemas";
import type { z } from "zod";
import { db } from "@/db";
import { chats } from "@/db/schema";
import { getChatOrThrow } from "./chat-queries";
import { answerOnce } from "./completion";
import { fitToPlatform } from "./fit-text";
import { offlineGeneratePost } from "./offline";
import { MAX_ANSWER_TOKENS, cleanAnswer, generatorMessages } from "./prompts";
import type { GeneratePostResponse, generatePostSchema } from "@/lib/ai/schemas";
import { chatTitle, generatorRequestText } from "./titles";
import { saveExchange } from "./exchange";
import { withAiRequest } from "./usage";

/**
 * The AI Post Generator: five answers → one post that fits the chosen platform. Each generation is
 * recorded in a content-creation chat: the given one, or a new one named after the topic that is
 * hidden from the chat list (the generator's prompts are the post's history, not a conversation).
 */

export type GeneratePostInput = z.output<typeof generatePostSchema>;

export async function generatePost(
  actor: Actor,
  input: GeneratePostInput,
): Promise<Omit<GeneratePostResponse, "success">> {
  const existing = input.chatId ? await getChatOrThrow(actor.userId, input.chatId) : null;
  const { answers, platform } = input;
  return withAiRequest(actor.workspaceId, "generate_post", async (reservation) => {
    const answer = await answerOnce(generatorMessages(answers, platform), MAX_ANSWER_TOKENS.generate, () =>
      offlineGeneratePost(answers, platform),
    );
    const content = fitToPlatform(cleanAnswer(answer.text), platform);

    const chatId = await db.transaction(async (tx) => {
      const id =
        existing?.id ??
        (
          await tx
            .insert(chats)
            .values({
              userId: actor.userId,
              title: chatTitle(answers.topic),
              context: "content_creation",
              hidden: true,
            })
            .returning({ id: chats.id })
        )[0]!.id;
      await saveExchange(tx, id, {
        question: generatorRequestText(answers, platform),
        reply: content,
        answer,
        operation: "generate_post",
        reservation,
      });
      return id;
    });
    return { content, chatId, offline: answer.offline };
  });
}
