import { sql } from "drizzle-orm";
import { db } from "@/db";
import { postTargets, posts, socialAccounts, usageRecords } from "@/db/schema";
import { countAiConversations } from "@/lib/ai/server/chat-queries";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import type { ActivityItem, ActivityKind, DashboardActivity } from "../schemas";

/**
 * The dashboard's Recent Activity from what really happened (pages published or failed, posts
 * scheduled, accounts connected, AI drafts), newest first, and the AI conversation count.
 *
 * Failed pages are looked for among the workspace's posts not published (the posts' (workspace, status)
 * index): a post is published only once every page of it is (statements.ts, everyPagePublished), so
 * none has a failed page, and post_targets has no index on status (migration 0016).
 */

const RECENT_LIMIT = 10;

interface Row extends Record<string, unknown> {
  id: string;
  kind: ActivityKind;
  at: Date | string;
  post_id: string | null;
  platform: SocialPlatform | null;
  name: string | null;
}

/** The workspace's recent activity, and the person's own AI conversations (chats are personal). */
export async function getDashboardActivity(workspaceId: string, userId: string): Promise<DashboardActivity> {
  const [{ rows }, aiConversations] = await Promise.all([
    db.execute<Row>(sql`
      (select t.id::text as id, 'published' as kind, t.published_at as at, t.post_id, t.platform::text as platform,
          t.page_name as name
        from ${postTargets} t join ${posts} p on p.id = t.post_id
        where p.workspace_id = ${workspaceId} and t.status = 'published' and t.published_at is not null
        order by t.published_at desc limit ${RECENT_LIMIT})
      union all
      (select t.id::text, 'failed', t.updated_at, t.post_id, t.platform::text, t.page_name
        from ${postTargets} t join ${posts} p on p.id = t.post_id
        where p.workspace_id = ${workspaceId} and p.status in ('draft', 'scheduled', 'failed') and t.status = 'failed'
        order by t.updated_at desc limit ${RECENT_LIMIT})
      union all
      (select p.id::text, 'scheduled', p.updated_at, p.id, null, p.title
        from ${posts} p where p.workspace_id = ${workspaceId} and p.status = 'scheduled'
        order by p.updated_at desc limit ${RECENT_LIMIT})
      union all
      (select a.id::text, 'account_connected', a.created_at, null, a.platform::text,
          coalesce(a.display_name, a.account_handle)
        from ${socialAccounts} a where a.workspace_id = ${workspaceId}
        order by a.created_at desc limit ${RECENT_LIMIT})
      union all
      (select u.id::text, 'ai_draft', u.occurred_at, null, null, null
        from ${usageRecords} u
        where u.workspace_id = ${workspaceId} and u.kind = 'ai_request' and u.metadata->>'operation' = 'generate_post'
        order by u.occurred_at desc limit ${RECENT_LIMIT})
      order by at desc, id desc limit ${RECENT_LIMIT}`),
    countAiConversations(userId),
  ]);
  return { items: rows.map(toItem), aiConversations };
}

function toItem(row: Row): ActivityItem {
  const platform = row.platform ? platformLabels[row.platform] : null;
  const text: Record<ActivityKind, string> = {
    published: `Published to ${row.name ?? "a page"}${platform ? ` on ${platform}` : ""}`,
    failed: `Publishing to ${row.name ?? "a page"}${platform ? ` on ${platform}` : ""} failed`,
    scheduled: `Scheduled ${row.name ? `"${row.name}"` : "a post"}`,
    account_connected: `Connected ${platform ?? "an"} account${row.name ? ` ${row.name}` : ""}`,
    ai_draft: "Drafted a post with AI",
  };
  return {
    id: `${row.kind}:${row.id}`,
    kind: row.kind,
    text: text[row.kind],
    at: new Date(row.at).toISOString(),
    postId: row.post_id,
    platform: row.platform,
  };
}
