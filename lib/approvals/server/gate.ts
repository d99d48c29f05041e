import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import { PERMISSIONS } from "@/lib/workspaces/roles";

/**
 * The one rule of what needs approval and what counts as approved (decision 0060).
 *
 * A post needs approval once it entered review (`approval_state` not null: a contributor's post
 * always has, since submitting is the only way they schedule) or when its workspace has 'Posts need
 * approval' on. It counts as approved when its state is `approved` and its latest decision approved
 * exactly the version it is now (post_content_hash(), db/functions/post_content_hash.sql).
 */

const publishRoles = PERMISSIONS.publish.map((role) => `'${role}'`).join(", ");

/** The hash the post's latest decision was about, when that decision approved it (else null). */
const approvedHash = (post: string) =>
  `(select case when a.decision = 'approved' then a.content_hash end from post_approvals a
     where a.post_id = ${post}.id order by a.created_at desc, a.id desc limit 1)`;

/**
 * What the publisher's claims add for the post row `post` (an SQL alias of `posts`, locked FOR
 * SHARE by the claim): the post needs no approval, or it is approved as it is. The state is a column
 * of the locked row, so an edit committed while the claim waited for that lock (which puts an
 * approved post back in review, `returnToReview`) is seen by the claim; the hash is checked too, so
 * a change made by any other path is refused as well.
 */
export const approvalGate = (post: string): SQL =>
  sql.raw(`((${post}.approval_state is null
      and not exists (select 1 from workspaces w where w.id = ${post}.workspace_id and w.posts_need_approval))
    or (${post}.approval_state = 'approved' and post_content_hash(${post}.id) = ${approvedHash(post)}))`);

/** Whether the post needs approval: in review already, its workspace asks for it, or its author is a contributor. */
const needsApproval = (post: string) =>
  `(${post}.approval_state is not null
    or exists (select 1 from workspaces w where w.id = ${post}.workspace_id and w.posts_need_approval)
    or exists (select 1 from workspace_members m
      where m.workspace_id = ${post}.workspace_id and m.user_id = ${post}.author_id and m.role = 'contributor'))`;

export async function postNeedsApproval(tx: Database | Transaction, postId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ needs: boolean }>(
    sql`select ${sql.raw(needsApproval("p"))} as needs from posts p where p.id = ${postId}`,
  );
  return rows[0]?.needs ?? false;
}

/**
 * After any change to a post, in the transaction that made it (the post's row locked FOR UPDATE):
 * an approved post whose version is no longer the approved one goes back to review ("returned"),
 * and a post put on the schedule that needs approval and never entered review enters it
 * ("entered"). Null when its review did not change.
 */
export async function returnToReview(tx: Transaction, postId: string): Promise<"returned" | "entered" | null> {
  const { rows } = await tx.execute<{ was: string | null }>(sql`
    update posts p set approval_state = 'in_review'
    from (select approval_state as was from posts where id = ${postId}) before
    where p.id = ${postId} and (
      (p.approval_state = 'approved' and post_content_hash(p.id) is distinct from ${sql.raw(approvedHash("p"))})
      or (p.approval_state is null and p.status = 'scheduled' and ${sql.raw(needsApproval("p"))}))
    returning before.was`);
  if (rows.length === 0) return null;
  return rows[0]!.was === "approved" ? "returned" : "entered";
}

/** The members told about a post's review: those who may approve it (the `publish` permission). */
export const approverRoles = sql.raw(publishRoles);
