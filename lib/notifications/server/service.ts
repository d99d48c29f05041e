import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db";
import { notifications } from "@/db/schema";
import type { MarkNotificationsReadInput } from "@/lib/notifications/schemas";

/** Marks the person's own notifications read (the given ones, or all); another's ids change nothing. */
export async function markNotificationsRead(userId: string, { ids }: MarkNotificationsReadInput): Promise<void> {
  if (ids?.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}
