import { sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { activityEvents, users } from "@/db/schema";
import { activityKindSchema, SYSTEM_ACTOR, type ActivityKind } from "@/lib/activity/schemas";

/**
 * The one way an event enters the activity log. Call it with the transaction that makes the change
 * it records, after the change's own checks and writes: the event commits with the change or not
 * at all. The actor's name is read in the same statement and kept with the event, so the history
 * still says who it was after they rename themselves or leave.
 *
 * Members and invitations, and approvals, record with the kinds listed in lib/activity/schemas.ts.
 * The worker's outcomes (post_published, post_failed) are recorded by the database in the statement
 * that settles the post (db/functions/activity_on_post_outcome.sql), not here.
 */

export interface ActivityInput {
  workspaceId: string;
  /** The person who acted; null for the system (shown as 'Postloom') or someone outside the workspace. */
  actorId: string | null;
  /** How an actor without an account is named (a client deciding through a review link). */
  actorLabel?: string;
  kind: ActivityKind;
  postId?: string | null;
  /** What it was about, as it was: the post's title, the account's name, the member's name. */
  subject?: string;
  details?: Record<string, unknown>;
}

const SUBJECT_MAX = 200;

export async function recordActivity(tx: Transaction, event: ActivityInput): Promise<void> {
  const kind = activityKindSchema.parse(event.kind);
  const actorLabel = event.actorId
    ? sql`coalesce((select coalesce(nullif(${users.name}, ''), ${users.email}) from ${users} where ${users.id} = ${event.actorId}), ${"Former member"})`
    : (event.actorLabel ?? SYSTEM_ACTOR);
  await tx.insert(activityEvents).values({
    workspaceId: event.workspaceId,
    actorId: event.actorId,
    actorLabel,
    kind,
    postId: event.postId ?? null,
    subject: (event.subject ?? "").slice(0, SUBJECT_MAX),
    details: event.details ?? {},
    // The clock, not the transaction's start (now()): one change's entries (an edit, then its
    // schedule) keep the order they were written in.
    createdAt: sql`clock_timestamp()`,
  });
}

/** What a post is called in the log: its title, else the start of its text. */
export function postSubject(post: { title: string | null; content: string }): string {
  const title = post.title?.trim();
  if (title) return title;
  const text = post.content.trim().replace(/\s+/g, " ");
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || "Untitled Post";
}
