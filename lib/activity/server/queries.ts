import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { activityEvents } from "@/db/schema";
import type { ActivityEventDto, ActivityKind, ListActivityQuery } from "@/lib/activity/schemas";

/**
 * A page of the workspace's activity, newest first, by person and/or post. The cursor is the last
 * event's id: the next page starts strictly after that event's (created_at, id) as Postgres holds
 * them (microseconds), so no two events sharing a millisecond are skipped or repeated.
 */
export async function listActivity(
  workspaceId: string,
  query: ListActivityQuery,
): Promise<{ data: ActivityEventDto[]; nextCursor: string | null }> {
  const filters: SQL[] = [eq(activityEvents.workspaceId, workspaceId)];
  if (query.actor) filters.push(eq(activityEvents.actorId, query.actor));
  if (query.post) filters.push(eq(activityEvents.postId, query.post));
  if (query.before) {
    const cursor = db
      .select({ createdAt: activityEvents.createdAt, id: activityEvents.id })
      .from(activityEvents)
      .where(and(eq(activityEvents.id, query.before), eq(activityEvents.workspaceId, workspaceId)));
    filters.push(sql`(${activityEvents.createdAt}, ${activityEvents.id}) < (select * from (${cursor}) c)`);
  }
  const rows = await db
    .select()
    .from(activityEvents)
    .where(and(...filters))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => ({
      id: row.id,
      kind: row.kind as ActivityKind,
      actorId: row.actorId,
      actorLabel: row.actorLabel,
      postId: row.postId,
      subject: row.subject,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}
