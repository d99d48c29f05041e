import { asCount, asNumber, asRecord, asString, platformRequest } from "@/lib/networks/server/http";
import type { MetricsRequest, MetricsResult, NetworkMetrics, PostReading } from "@/lib/networks/server/types";
import { endpoints } from "./endpoints";
import { graphError } from "./graph";

/**
 * Facebook's engagement reads: one GET of up to 50 posts (`/?ids=a,b,…`, Graph's multiple-id read)
 * with `shares`, `comments.summary(true)`, `reactions.summary(true)` and
 * `insights.metric(post_media_view,post_total_media_view_unique,post_clicks)` (views, unique
 * viewers as reach, clicks; the post_impressions* metrics are deprecated). Insights need
 * `read_insights`, and asking for them without it fails the whole call, so they are asked only
 * when the account was granted it (and left out for good in this read when Graph refuses them
 * anyway, e.g. the permission was removed since): engagement is still read, and views and reach
 * are null, unavailable, never 0. Facebook counts every id as one call against the rate limits, so
 * the request asks the limiter for that many. When an id no longer exists the whole request fails
 * with #803 naming the missing ids: those are marked deleted and the rest asked again. A lone post
 * that is gone is error 100/33.
 */

/** Facebook's permission for post insights (views, reach, clicks). */
export const FACEBOOK_INSIGHTS_SCOPE = "read_insights";

const FACEBOOK_INSIGHTS = ["post_media_view", "post_total_media_view_unique", "post_clicks"];
const FACEBOOK_ENGAGEMENT = ["shares", "comments.summary(true).limit(0)", "reactions.summary(true).limit(0)"];
const facebookFields = (insights: boolean) =>
  [...FACEBOOK_ENGAGEMENT, ...(insights ? [`insights.metric(${FACEBOOK_INSIGHTS.join(",")})`] : [])].join(",");

/** Graph's permission errors (#10, #200-#299) that name read_insights: the insights were refused. */
function insightsRefused(body: unknown): boolean {
  const error = asRecord(asRecord(body).error);
  const code = asNumber(error.code) ?? 0;
  return (code === 10 || (code >= 200 && code < 300)) && /read_insights/.test(asString(error.message) ?? "");
}

/** Graph's answer when ids of a multiple-id read do not exist: "(#803) Some of the aliases you requested do not exist: a,b". */
function missingAliases(body: unknown): string[] | null {
  const error = asRecord(asRecord(body).error);
  if (asNumber(error.code) !== 803) return null;
  const list = /do not exist:\s*(.+)$/.exec(asString(error.message) ?? "")?.[1];
  return list
    ? list
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean)
    : [];
}

async function readFacebookPosts(request: MetricsRequest): Promise<MetricsResult> {
  const result: MetricsResult = { readings: new Map(), removed: [] };
  let ids = [...new Set(request.postIds)];
  let insights = request.grantedScopes.includes(FACEBOOK_INSIGHTS_SCOPE);
  while (ids.length > 0) {
    await request.beforeRequest(ids.length);
    const params = new URLSearchParams({ ids: ids.join(","), fields: facebookFields(insights) });
    const response = await platformRequest(`${endpoints.graph}/${endpoints.graphVersion}/?${params}`, {
      headers: { Authorization: `Bearer ${request.pageAccessToken ?? request.accessToken}` },
    });
    if (response.status !== 200 && insights && insightsRefused(response.body)) {
      insights = false;
      continue;
    }
    if (response.status !== 200) {
      const missing = missingAliases(response.body);
      // Only ids we asked for, and at least one, or asking again would loop.
      const gone = (missing ?? []).filter((id) => ids.includes(id));
      if (gone.length === 0) {
        const error = asRecord(asRecord(response.body).error);
        // A single id answers "Object with ID … does not exist" (100/33) rather than #803.
        if (ids.length === 1 && asNumber(error.code) === 100 && asNumber(error.error_subcode) === 33) {
          result.removed.push(ids[0]!);
          return result;
        }
        throw graphError(response);
      }
      result.removed.push(...gone);
      ids = ids.filter((id) => !gone.includes(id));
      continue;
    }
    const body = asRecord(response.body);
    for (const id of ids)
      if (body[id] !== undefined) result.readings.set(id, facebookReading(asRecord(body[id]), insights));
    return result;
  }
  return result;
}

function facebookReading(body: Record<string, unknown>, withInsights: boolean): PostReading {
  const insights = new Map<string, unknown>();
  for (const entry of Array.isArray(asRecord(body.insights).data) ? (asRecord(body.insights).data as unknown[]) : []) {
    const metric = asRecord(entry);
    const values = Array.isArray(metric.values) ? metric.values : [];
    insights.set(asString(metric.name) ?? "", asRecord(values[values.length - 1]).value);
  }
  return {
    views: withInsights ? asCount(insights.get("post_media_view")) : null,
    reach: withInsights ? asCount(insights.get("post_total_media_view_unique")) : null,
    likes: asCount(asRecord(asRecord(body.reactions).summary).total_count),
    comments: asCount(asRecord(asRecord(body.comments).summary).total_count),
    // Graph leaves `shares` out while nobody has shared the post.
    shares: asCount(asRecord(body.shares).count),
    raw: withInsights ? { ...body, clicks: asCount(insights.get("post_clicks")) } : body,
  };
}

/**
 * Reads count against the Page's own window (the same key as publishing's rule), and take at most
 * half of its 4800 calls / 24 h, so the sync can never spend the allowance publishing needs.
 */
export const facebookMetrics: NetworkMetrics = {
  batch: 50,
  sharesPublishingLimit: true,
  rateRules: () => [
    { name: "page-calls-24h", operations: ["lookup"], max: 4800, windowSeconds: 86_400 },
    { name: "metrics-reads-24h", operations: ["lookup"], max: 2400, windowSeconds: 86_400 },
  ],
  read: readFacebookPosts,
};
