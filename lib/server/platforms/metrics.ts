import type { ConnectablePlatform } from "@/lib/social/schemas";
import { endpoints } from "./endpoints";
import { graphError } from "./facebook-graph";
import { asNumber, asRecord, asString, platformRequest } from "./http";
import { linkedinError } from "./linkedin";
import { twitterError } from "./twitter";
import { xApiRequest } from "./twitter-billing";

/**
 * Reading published posts' engagement from each platform. The rest of the app sees one
 * shape, `PostReading`, and our error kinds (PlatformError from each module's error mapping). Which
 * endpoint and which figures, with sources, is in sandbox/README.md ("Metrics").
 *
 * - Facebook: one GET of up to 50 posts (`/?ids=a,b,…`, Graph's multiple-id read) with `shares`,
 *   `comments.summary(true)`, `reactions.summary(true)` and
 *   `insights.metric(post_media_view,post_total_media_view_unique,post_clicks)` (views, unique
 *   viewers as reach, clicks; the post_impressions* metrics are deprecated). Insights need
 *   `read_insights`, and asking for them without it fails the whole call, so they are asked only
 *   when the account was granted it (and left out for good in this read when Graph refuses them
 *   anyway, e.g. the permission was removed since): engagement is still read, and views and reach
 *   are null, unavailable, never 0. Facebook counts every
 *   id as one call against the rate limits, so the request asks the limiter for that many. When an
 *   id no longer exists the whole request fails with #803 naming the missing ids: those are
 *   marked deleted and the rest asked again. A lone post that is gone is error 100/33.
 * - X: `GET /2/tweets?ids=` with up to 100 ids and `tweet.fields=public_metrics`; ids X no longer
 *   has come back as "Not Found Error" in `errors`.
 * - LinkedIn: `GET /rest/socialMetadata/{urn}` (reactions, comments), which needs the restricted
 *   `r_member_social`; member posts' views need `r_member_postAnalytics`, which we do not ask for,
 *   so LinkedIn views and reach are null (unavailable). X has no reach figure: null too.
 */

/** null: the platform does not give this figure to us (not 0 views: unknown). */
export interface PostReading {
  views: number | null;
  likes: number;
  comments: number;
  shares: number;
  reach: number | null;
  raw: Record<string, unknown>;
}

export interface MetricsRequest {
  /** The account's token (X, LinkedIn); Facebook reads with the Page's token. */
  accessToken: string;
  pageAccessToken: string | null;
  /** The permissions the account was granted at connect (Facebook: insights need read_insights). */
  grantedScopes: string[];
  /** The platform's post ids, at most `METRICS_BATCH[platform]`. */
  postIds: string[];
  /**
   * The shared rate limiter, before each request, with the number of calls the platform counts it
   * as (default 1); it throws to stop before the request is made.
   */
  beforeRequest(calls?: number): Promise<void>;
}

export interface MetricsResult {
  readings: Map<string, PostReading>;
  /** Ids the platform says no longer exist (deleted there). */
  removed: string[];
}

/** Post ids per request: X reads 100 at once, Facebook 50 (Graph's ?ids= limit), LinkedIn one. */
export const METRICS_BATCH: Record<ConnectablePlatform, number> = { facebook: 50, twitter: 100, linkedin: 1 };

/** Facebook's permission for post insights (views, reach, clicks). */
export const FACEBOOK_INSIGHTS_SCOPE = "read_insights";

/** LinkedIn's permission for reading a member's post engagement (partner approval). */
export const LINKEDIN_METRICS_SCOPE = "r_member_social";

const count = (value: unknown) => Math.max(0, Math.trunc(asNumber(value) ?? 0));

export async function fetchMetrics(platform: ConnectablePlatform, request: MetricsRequest): Promise<MetricsResult> {
  if (platform === "twitter") return twitterMetrics(request);
  if (platform === "facebook") return facebookMetrics(request);
  const result: MetricsResult = { readings: new Map(), removed: [] };
  for (const id of request.postIds) {
    const reading = await linkedinPost(request, id);
    if (reading) result.readings.set(id, reading);
    else result.removed.push(id);
  }
  return result;
}

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

async function facebookMetrics(request: MetricsRequest): Promise<MetricsResult> {
  const result: MetricsResult = { readings: new Map(), removed: [] };
  let ids = [...new Set(request.postIds)];
  let insights = request.grantedScopes.includes(FACEBOOK_INSIGHTS_SCOPE);
  while (ids.length > 0) {
    await request.beforeRequest(ids.length);
    const params = new URLSearchParams({ ids: ids.join(","), fields: facebookFields(insights) });
    const response = await platformRequest(`${endpoints.facebookGraph}/${endpoints.facebookGraphVersion}/?${params}`, {
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
    views: withInsights ? count(insights.get("post_media_view")) : null,
    reach: withInsights ? count(insights.get("post_total_media_view_unique")) : null,
    likes: count(asRecord(asRecord(body.reactions).summary).total_count),
    comments: count(asRecord(asRecord(body.comments).summary).total_count),
    // Graph leaves `shares` out while nobody has shared the post.
    shares: count(asRecord(body.shares).count),
    raw: withInsights ? { ...body, clicks: count(insights.get("post_clicks")) } : body,
  };
}

async function twitterMetrics(request: MetricsRequest): Promise<MetricsResult> {
  await request.beforeRequest();
  const params = new URLSearchParams({ ids: request.postIds.join(","), "tweet.fields": "public_metrics" });
  const response = await xApiRequest(
    `${endpoints.twitterApi}/2/tweets?${params}`,
    { headers: { Authorization: `Bearer ${request.accessToken}` } },
    { countsAsPostRead: true },
  );
  if (response.status !== 200) throw twitterError(response);
  const body = asRecord(response.body);
  const result: MetricsResult = { readings: new Map(), removed: [] };
  for (const entry of Array.isArray(body.data) ? body.data : []) {
    const tweet = asRecord(entry);
    const id = asString(tweet.id);
    const metrics = asRecord(tweet.public_metrics);
    if (!id) continue;
    result.readings.set(id, {
      views: count(metrics.impression_count),
      likes: count(metrics.like_count),
      comments: count(metrics.reply_count),
      // Reposts and quotes both carry the post to other timelines.
      // retweet_count as X documents it; repost_count as its OpenAPI spec (xdk 2.167) names it.
      shares: count(metrics.retweet_count ?? metrics.repost_count) + count(metrics.quote_count),
      reach: null,
      raw: metrics,
    });
  }
  for (const entry of Array.isArray(body.errors) ? body.errors : []) {
    const error = asRecord(entry);
    const id = asString(error.resource_id) ?? asString(error.value);
    if (id && /resource-not-found/.test(asString(error.type) ?? "") && !result.readings.has(id))
      result.removed.push(id);
  }
  return result;
}

async function linkedinPost(request: MetricsRequest, urn: string): Promise<PostReading | null> {
  await request.beforeRequest();
  const response = await platformRequest(`${endpoints.linkedinApi}/rest/socialMetadata/${encodeURIComponent(urn)}`, {
    headers: {
      Authorization: `Bearer ${request.accessToken}`,
      "LinkedIn-Version": endpoints.linkedinVersion,
      "X-Restli-Protocol-Version": "2.0.0",
    },
  });
  if (response.status === 404) return null;
  if (response.status !== 200) throw linkedinError(response);
  const body = asRecord(response.body);
  let likes = 0;
  for (const summary of Object.values(asRecord(body.reactionSummaries))) likes += count(asRecord(summary).count);
  return {
    views: null,
    reach: null,
    likes,
    comments: count(asRecord(body.commentSummary).count),
    shares: 0,
    raw: body,
  };
}
