import { sql } from "drizzle-orm";
import { db } from "@/db";
import { chats, postTargets, posts, socialAccounts, usageRecords } from "@/db/schema";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import type { ActivityItem, ActivityKind, DashboardActivity } from "../schemas";

/**
 * The dashboard's Recent Activity from what really happened (pages published or failed, posts
 * scheduled, accounts connected, AI drafts), newest first, and the user's AI conversation count.
 *
 * Failed pages are looked for among the user's posts not published (the posts' (user, status)
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

export async function getDashboardActivity(userId: string): Promise<DashboardActivity> {
  const [{ rows }, [conversations]] = await Promise.all([
    db.execute<Row>(sql`
      (select t.id::text as id, 'published' as kind, t.published_at as at, t.post_id, t.platform::text as platform,
          t.page_name as name
        from ${postTargets} t join ${posts} p on p.id = t.post_id
        where p.user_id = ${userId} and t.status = 'published' and t.published_at is not null
        order by t.published_at desc limit ${RECENT_LIMIT})
      union all
      (select t.id::text, 'failed', t.updated_at, t.post_id, t.platform::text, t.page_name
        from ${postTargets} t join ${posts} p on p.id = t.post_id
        where p.user_id = ${userId} and p.status in ('draft', 'scheduled', 'failed') and t.status = 'failed'
        order by t.updated_at desc limit ${RECENT_LIMIT})
      union all
      (select p.id::text, 'scheduled', p.updated_at, p.id, null, p.title
        from ${posts} p where p.user_id = ${userId} and p.status = 'scheduled'
        order by p.updated_at desc limit ${RECENT_LIMIT})
      union all
      (select a.id::text, 'account_connected', a.created_at, null, a.platform::text,
          coalesce(a.display_name, a.account_handle)
        from ${socialAccounts} a where a.user_id = ${userId}
        order by a.created_at desc limit ${RECENT_LIMIT})
      union all
      (select u.id::text, 'ai_draft', u.occurred_at, null, null, null
        from ${usageRecords} u
        where u.user_id = ${userId} and u.kind = 'ai_request' and u.metadata->>'operation' = 'generate_post'
        order by u.occurred_at desc limit ${RECENT_LIMIT})
      order by at desc, id desc limit ${RECENT_LIMIT}`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(chats)
      .where(sql`${chats.userId} = ${userId}`),
  ]);
  return { items: rows.map(toItem), aiConversations: conversations?.count ?? 0 };
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
