import { runPublish } from "../../publish";
import { findPost, postsOf, type PublishedPost } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { GRAPH, graphError, pickFields, requestedFields } from "./graph-auth";
import { facebookFaults, pageAuth, unsupportedGet } from "./publish";

/**
 * Reading posts back: GET /{page-id}/feed (also /posts, /published_posts), newest first, which the
 * app uses after a crash to learn whether a post already went out; and GET /{page-id}_{n} for its
 * permalink. The Page's token or its owner's user token may read.
 */

const FEED_DEFAULT_FIELDS = ["created_time", "message", "id"];
const POST_DEFAULT_FIELDS = ["created_time", "message", "id"];
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** Graph's timestamps: 2024-07-02T10:00:00+0000. */
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");

function postFields(post: PublishedPost): Record<string, unknown> {
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
    const fields = requestedFields(ctx);
    const data = postsOf(ctx.store, "facebook", pageId)
      .filter((post) => post.published)
      .slice(0, Math.min(limit, MAX_LIMIT))
      .map((post) => pickFields(postFields(post), fields, FEED_DEFAULT_FIELDS));
    return json(200, { data });
  });
}

async function post(ctx: RequestContext): Promise<SandboxResponse> {
  const postId = ctx.params.postId ?? "";
  const pageId = postId.split("_")[0] ?? "";
  const auth = pageAuth(ctx, pageId, null, true);
  if (!auth.ok) return auth.response;
  return runPublish(ctx, { platform: "facebook", operation: "lookup", target: pageId }, facebookFaults, () => {
    const found = findPost(ctx.store, "facebook", postId);
    if (!found) return unsupportedGet(postId);
    return json(200, pickFields(postFields(found), requestedFields(ctx), POST_DEFAULT_FIELDS));
  });
}

export function registerFacebookFeed(router: Router): void {
  router
    .get(`${GRAPH}/:id(\\d+)/feed`, feed)
    .get(`${GRAPH}/:id(\\d+)/posts`, feed)
    .get(`${GRAPH}/:id(\\d+)/published_posts`, feed)
    .get(`${GRAPH}/:postId(\\d+_\\d+)`, post);
}
