import { sql } from "drizzle-orm";
import { db } from "@/db";
import { mailNotice, recordNotice, type Notice } from "@/lib/notifications/server/notify";
import { APPROVAL_MESSAGES } from "@/lib/approvals/constants";
import { approverRoles } from "./gate";

/**
 * Posts whose time came while they still waited for approval (in review, or with changes asked):
 * not published (the claims refuse them, gate.ts) but failed with 'Approval missed', once, and
 * their author and the workspace's approvers told in the app and by e-mail. Run by every worker's
 * dispatcher each second (dispatcher.ts); the partial index posts_awaiting_approval_due_idx keeps
 * the look to the few posts waiting. Rows an edit holds are skipped and found by the next look.
 */
export async function markApprovalsMissed(): Promise<number> {
  const { missed, told } = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      workspace_id: string;
      author_id: string | null;
      title: string | null;
      content: string;
      approvers: string[];
    }>(sql`
      with due as (
        select p.id from posts p
        where p.status = 'scheduled' and p.approval_state in ('in_review', 'changes_requested') and p.scheduled_at <= now()
        order by p.scheduled_at limit 100
        for update skip locked)
      update posts p set status = 'failed', failure_reason = ${APPROVAL_MESSAGES.missed}, updated_at = now()
      from due where p.id = due.id
      returning p.id, p.workspace_id, p.author_id, p.title, p.content,
        array(select m.user_id from workspace_members m
          where m.workspace_id = p.workspace_id and m.role in (${approverRoles})) as approvers`);
    const told: { people: string[]; notice: Notice }[] = [];
    for (const post of rows) {
      const name = post.title?.trim() || post.content.trim().slice(0, 60) || "Untitled Post";
      const notice: Notice = {
        workspaceId: post.workspace_id,
        postId: post.id,
        kind: "approval_missed",
        text: `"${name}" was not published: it was not approved before its scheduled time. Approval missed.`,
        subject: "A post missed its approval",
      };
      told.push({ people: await recordNotice(tx, [post.author_id, ...post.approvers], notice), notice });
    }
    return { missed: rows.length, told };
  });
  for (const { people, notice } of told) await mailNotice(people, notice);
  return missed;
}
