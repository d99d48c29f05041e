import { z } from "zod";
import { findPost, PUBLISH_PLATFORMS, type PublishedPost, type PublishPlatform } from "./publish-state";
import { json, type SandboxResponse } from "./responses";
import type { RequestContext, Router } from "./router";

/**
 * Engagement for the posts the sandbox holds, the same answer every time for the same
 * post at the same sandbox time: each figure starts from a base taken from the post's id and grows
 * in steps of ten minutes of sandbox time (POST /_control/clock moves it). Tests can compute what a
 * platform answers with `engagementAt`. The platforms' endpoints that read them are in
 * platforms/{facebook/feed,twitter/publish,linkedin/publish}.ts and below.
 */

export interface Engagement {
  views: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
  quotes: number;
  bookmarks: number;
  clicks: number;
}

/** FNV-1a of the id: the post's own growth rates. */
function seedOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const STEP_MS = 10 * 60_000;

export function engagementAt(post: Pick<PublishedPost, "id" | "createdAtMs">, nowMs: number): Engagement {
  const seed = seedOf(post.id);
  const steps = Math.max(0, Math.floor((nowMs - post.createdAtMs) / STEP_MS));
  const views = 20 + (seed % 80) + steps * (5 + (seed % 17));
  const reactions = Math.floor((views * (2 + (seed % 6))) / 100);
  const comments = Math.floor((views * (1 + (seed % 3))) / 200);
  const shares = Math.floor((views * (seed % 4)) / 200);
  return {
    views,
    reach: Math.floor((views * 7) / 10),
    reactions,
    comments,
    shares,
    quotes: Math.floor(shares / 3),
    bookmarks: Math.floor(reactions / 4),
    clicks: Math.floor(views / 25),
  };
}

/** The post's figures now, or null when it was deleted on the platform. */
export function liveEngagement(ctx: RequestContext, post: PublishedPost): Engagement | null {
  return post.deletedAtMs === undefined ? engagementAt(post, ctx.store.now()) : null;
}

export const metricsCall = (platform: PublishPlatform, target: string) => ({
  platform,
  operation: "metrics" as const,
  target,
});

const deleteSchema = z.object({
  platform: z.enum(PUBLISH_PLATFORMS as [PublishPlatform, ...PublishPlatform[]]),
  id: z.string().min(1),
});

/** POST /_control/publish/posts/delete {platform, id}: the post is gone from the platform from now on. */
async function deletePost(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = deleteSchema.safeParse(await ctx.json());
  if (!parsed.success) return json(400, { error: "invalid_request", message: 'Body must be {"platform", "id"}' });
  const post = findPost(ctx.store, parsed.data.platform, parsed.data.id);
  if (!post) return json(404, { error: "not_found", message: "No such post" });
  post.deletedAtMs ??= ctx.store.now();
  return json(200, { deleted: post.id });
}

/** GET /_control/metrics?platform=&id=: what the platform answers for the post now (tests compare). */
function currentMetrics(ctx: RequestContext): SandboxResponse {
  const parsed = deleteSchema.safeParse({ platform: ctx.query.get("platform"), id: ctx.query.get("id") });
  if (!parsed.success) return json(400, { error: "invalid_request", message: "platform and id are required" });
  const post = findPost(ctx.store, parsed.data.platform, parsed.data.id);
  if (!post) return json(404, { error: "not_found", message: "No such post" });
  return json(200, {
    id: post.id,
    now: ctx.store.now(),
    deleted: post.deletedAtMs !== undefined,
    ...engagementAt(post, ctx.store.now()),
  });
}

export function registerMetricsControl(router: Router): void {
  router.post("/_control/publish/posts/delete", deletePost).get("/_control/metrics", currentMetrics);
}
