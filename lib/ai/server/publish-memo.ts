import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { usageRecords } from "@/db/schema";
import type { AiOperation } from "./usage";

/**
 * What the AI wrote for one page of a post while it was being published, remembered with the usage
 * record of the call that wrote it. A retry after an uncertain outcome looks the post up on the
 * platform by its exact text, so it must send exactly the same text: the remembered one, or (none
 * remembered, so the first attempt used no AI) the deterministic fallback again.
 */

export interface PublishKey {
  postId: string;
  scheduleVersion: number;
  /** The post target (one page): each page's text is remembered on its own. */
  targetId: string;
}

export const publishDetails = (key: PublishKey) => ({
  postId: key.postId,
  scheduleVersion: key.scheduleVersion,
  targetId: key.targetId,
});

export async function rememberPublishedText(usageId: string, text: string): Promise<void> {
  await db
    .update(usageRecords)
    .set({
      metadata: sql`coalesce(${usageRecords.metadata}, '{}'::jsonb) || jsonb_build_object('publishedText', ${text}::text)`,
    })
    .where(eq(usageRecords.id, usageId));
}

export async function rememberedPublishedText(
  workspaceId: string,
  operation: AiOperation,
  key: PublishKey,
): Promise<string | null> {
  const [row] = await db
    .select({ text: sql<string | null>`${usageRecords.metadata}->>'publishedText'` })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.workspaceId, workspaceId),
        eq(usageRecords.kind, "ai_request"),
        sql`${usageRecords.metadata}->>'operation' = ${operation}`,
        sql`${usageRecords.metadata}->>'postId' = ${key.postId}`,
        sql`${usageRecords.metadata}->>'scheduleVersion' = ${String(key.scheduleVersion)}`,
        sql`${usageRecords.metadata}->>'targetId' = ${key.targetId}`,
        sql`${usageRecords.metadata}->>'publishedText' is not null`,
      ),
    )
    .orderBy(desc(usageRecords.occurredAt), desc(usageRecords.id))
    .limit(1);
  return row?.text ?? null;
}
