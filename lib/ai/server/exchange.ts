import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { chatMessages, chats } from "@/db/schema";
import type { AiAnswer } from "./completion";
import { recordAiUsage, type AiOperation, type AiReservation } from "./usage";

/**
 * One question and its answer in a chat: both messages with their tokens (the answer a millisecond
 * after the question, so they always sort in order), the chat moved to the top of the list, and the
 * call's usage record.
 */
export async function saveExchange(
  tx: Transaction,
  chatId: string,
  exchange: { question: string; reply: string; answer: AiAnswer; operation: AiOperation; reservation: AiReservation },
): Promise<void> {
  const { question, reply, answer, operation, reservation } = exchange;
  const now = Date.now();
  await tx.insert(chatMessages).values([
    { chatId, role: "user", content: question, tokensIn: answer.tokensIn, createdAt: new Date(now) },
    { chatId, role: "assistant", content: reply, tokensOut: answer.tokensOut, createdAt: new Date(now + 1) },
  ]);
  await tx
    .update(chats)
    .set({ updatedAt: new Date(now + 1) })
    .where(eq(chats.id, chatId));
  await recordAiUsage(
    reservation.workspaceId,
    {
      operation,
      model: answer.model,
      tokensIn: answer.tokensIn,
      tokensOut: answer.tokensOut,
      offline: answer.offline,
      reservation,
    },
    tx,
  );
}
