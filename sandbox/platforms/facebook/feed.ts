import { liveEngagement, metricsCall } from "../../metrics";
import { runPublish } from "../../publish";
import { findPost, postsOf, type PublishedPost } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { GRAPH, graphError, pickFields, requestedFields } from "./graph-auth";
import { facebookFaults, pageAuth, unsupportedGet } from "./publish";
import { settleVideos } from "./videos";

/**
 * Reading posts back: GET /{page-id}/feed (also /posts, /published_posts), newest first, which the
 * app uses after a crash to learn whether a post already went out; and GET /{page-id}_{n} for its
 * permalink. The Page's token or its owner's user token may read.
 */

const FEED_DEFAULT_FIELDS = ["created_time", "message", "id"];
export const POST_DEFAULT_FIELDS = ["created_time", "message", "id"];
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** Graph's timestamps: 2024-07-02T10:00:00+0000. */
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");

export function postFields(post: PublishedPost): Record<string, unknown> {
  return {
    id: post.id,
    message: post.text || undefined,
    created_time: graphTime(post.createdAtMs),
    updated_time: graphTime(post.createdAtMs),
    permalink_url: `https://www.facebook.com/${post.id}`,
    is_published: post.published,
    status_type: post.mediaIds.length > 0 ? "added_photos" : post.link ? "shared_story" : "mobile_status_update",
  };
}

async function feed(ctx: RequestContext): Promise<SandboxResponse> {
  const pageId = ctx.params.id ?? "";
  const auth = pageAuth(ctx, pageId, null, true);
  if (!auth.ok) return auth.response;
  const rawLimit = ctx.query.get("limit");
  const limit = rawLimit === null ? DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 0)
    return graphError({ message: "(#100) The parameter limit must be a non-negative integer", code: 100 });
  return runPublish(ctx, { platform: "facebook", operation: "lookup", target: pageId }, facebookFaults, () => {
    settleVideos(ctx.store);
    const fields = requestedFields(ctx);
    const data = postsOf(ctx.store, "facebook", pageId)
      .filter((post) => post.published)
      .slice(0, Math.min(limit, MAX_LIMIT))
      .map((post) => pickFields(postFields(post), fields, FEED_DEFAULT_FIELDS));
    return json(200, { data });
  });
}

export const ENGAGEMENT_FIELDS = ["shares", "comments", "reactions", "insights"];

/**
 * Post insights metrics the sandbox serves (lifetime). Meta deprecated every post_impressions*
 * metric (post_impressions_unique in June 2025, the rest on 15 Nov 2025, in favour of "views"):
 * asking for one is error #100, as Graph answers an invalid metric.
 */
export const POST_INSIGHTS = [
  "post_media_view",
  "post_total_media_view_unique",
  "post_clicks",
  "post_reactions_by_type_total",
];

/**
 * Insights need `read_insights` on the token, besides `pages_read_engagement` (developers.facebook.com
 * blog "Get Started with the Page Insights API", 2022: read_insights, pages_show_list,
 * pages_read_engagement; Graph API reference, Page Insights). Asked as a field expansion, a field the
 * token may not read fails the whole call, engagement included: Graph answers errors per request,
 * not per field, and the sandbox is at least that strict. The message follows Graph's (#10)
 * permission errors (see readNeedsPermission in publish.ts); no page shows Graph's exact wording.
 * Also the metric names: deprecated or unknown ones are #100.
 */
export function insightsProblem(ctx: RequestContext, scopes: string[]): SandboxResponse | null {
  const fields = requestedFields(ctx);
  if (!fields?.includes("insights")) return null;
  if (!scopes.includes("read_insights"))
    return graphError({
      message:
        "(#10) This endpoint requires the 'read_insights' permission. Refer to https://developers.facebook.com/docs/permissions/reference/read_insights for details.",
      code: 10,
      status: 403,
    });
  const invalid = insightMetrics(ctx.query.get("fields") ?? "").find((metric) => !POST_INSIGHTS.includes(metric));
  if (invalid !== undefined)
    return graphError({ message: `(#100) The value must be a valid insights metric: ${invalid}`, code: 100 });
  return null;
}

async function post(ctx: RequestContext): Promise<SandboxResponse> {
  const postId = ctx.params.postId ?? "";
  const pageId = postId.split("_")[0] ?? "";
  const auth = pageAuth(ctx, pageId, null, true);
  if (!auth.ok) return auth.response;
  const refused = insightsProblem(ctx, auth.token.scopes);
  if (refused) return refused;
  const fields = requestedFields(ctx);
  const engagement = fields?.some((field) => ENGAGEMENT_FIELDS.includes(field)) ?? false;
  const metrics = engagement ? insightMetrics(ctx.query.get("fields") ?? "") : [];
  const call = engagement
    ? metricsCall("facebook", pageId)
    : { platform: "facebook" as const, operation: "lookup" as const, target: pageId };
  return runPublish(ctx, call, facebookFaults, () => {
    settleVideos(ctx.store);
    const found = findPost(ctx.store, "facebook", postId);
    if (!found || found.deletedAtMs !== undefined) return unsupportedGet(postId);
    return json(
      200,
      pickFields({ ...postFields(found), ...engagementFields(ctx, found, metrics) }, fields, POST_DEFAULT_FIELDS),
    );
  });
}

/** The metric names of an `insights.metric(a,b)` field expansion. */
export function insightMetrics(fields: string): string[] {
  const match = /(?:^|,)insights\.metric\(([^)]*)\)/.exec(fields);
  return match
    ? match[1]!
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
}

/**
 * Graph's engagement fields of a Page post: `shares{count}` (left out while nobody shared it),
 * `comments` and `reactions` edges with `summary(true)` totals, and `insights` (lifetime values).
 */
export function engagementFields(
  ctx: RequestContext,
  found: PublishedPost,
  metrics: string[],
): Record<string, unknown> {
  const figures = liveEngagement(ctx, found);
  if (!figures) return {};
  const value: Record<string, number | Record<string, number>> = {
    post_media_view: figures.views,
    post_total_media_view_unique: figures.reach,
    post_clicks: figures.clicks,
    post_reactions_by_type_total: { like: figures.reactions },
  };
  return {
    ...(figures.shares > 0 ? { shares: { count: figures.shares } } : {}),
    comments: { data: [], summary: { order: "ranked", total_count: figures.comments, can_comment: true } },
    reactions: { data: [], summary: { total_count: figures.reactions, viewer_reaction: "NONE" } },
    insights: {
      data: metrics.map((name) => ({
        name,
        period: "lifetime",
        values: [{ value: value[name] }],
        title: name,
        description: name,
        id: `${found.id}/insights/${name}/lifetime`,
      })),
    },
  };
}

export function registerFacebookFeed(router: Router): void {
  router
    .get(`${GRAPH}/:id(\\d+)/feed`, feed)
    .get(`${GRAPH}/:id(\\d+)/posts`, feed)
    .get(`${GRAPH}/:id(\\d+)/published_posts`, feed)
    .get(`${GRAPH}/:postId(\\d+_\\d+)`, post);
}
