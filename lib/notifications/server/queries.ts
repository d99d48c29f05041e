import { and, count, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import { notifications } from "@/db/schema";
import { NOTIFICATIONS_LISTED, type NotificationDto, type NotificationKind } from "@/lib/notifications/schemas";

/** The bell: a person's newest notifications, of every workspace they are in, and how many are unread. */
export async function listNotifications(userId: string): Promise<{ notifications: NotificationDto[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LISTED),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      workspaceId: row.workspaceId,
      postId: row.postId,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    unread: unread?.n ?? 0,
  };
}
