import { z } from "zod";
import {
  FAULT_KINDS,
  PUBLISH_OPERATIONS,
  PUBLISH_PLATFORMS,
  publishState,
  type PublishFault,
  type PublishPlatform,
} from "./publish-state";
import { json, type SandboxResponse } from "./responses";
import type { RequestContext, Router } from "./router";

/**
 * /_control/publish: make the next publishing calls fail the way platforms fail, slow every call
 * down, and list what was posted so a test can check each post went out exactly once.
 */

const platformSchema = z.enum(PUBLISH_PLATFORMS as [PublishPlatform, ...PublishPlatform[]]);

const faultSchema = z.object({
  platform: platformSchema,
  kind: z.enum(FAULT_KINDS as [PublishFault["kind"], ...PublishFault["kind"][]]),
  times: z
    .number()
    .int()
    .refine((n) => n === -1 || n > 0, "times must be a positive number or -1 (until cleared)")
    .optional(),
  resetAfterSeconds: z.number().int().nonnegative().optional(),
  delayMs: z.number().int().nonnegative().optional(),
  afterAccept: z.boolean().optional(),
  drop: z.boolean().optional(),
  target: z.string().min(1).optional(),
  operations: z
    .array(z.enum(PUBLISH_OPERATIONS as [string, ...string[]]))
    .min(1)
    .optional(),
});

const latencySchema = z.object({ ms: z.number().int().nonnegative(), target: z.string().min(1).optional() });

/** Default wait before a rate limit lifts: X's 15-minute window. */
const DEFAULT_RESET_SECONDS = 900;

async function addFault(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = faultSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, {
      error: "invalid_request",
      message: parsed.error.issues.map((issue) => issue.message).join("; "),
    });
  const input = parsed.data;
  const state = ctx.store.slice(publishState);
  const fault: PublishFault = {
    id: state.nextFaultId++,
    platform: input.platform,
    kind: input.kind,
    remaining: input.times ?? 1,
    resetAfterSeconds: input.resetAfterSeconds ?? DEFAULT_RESET_SECONDS,
    delayMs: input.delayMs ?? null,
    afterAccept: input.afterAccept ?? false,
    drop: input.drop ?? false,
    target: input.target ?? null,
    operations: (input.operations as PublishFault["operations"] | undefined) ?? ["post"],
  };
  state.faults.push(fault);
  return json(201, { fault });
}

function clearFaults(ctx: RequestContext): SandboxResponse {
  const state = ctx.store.slice(publishState);
  const cleared = state.faults.length;
  state.faults = [];
  return json(200, { cleared });
}

function listPosts(ctx: RequestContext): SandboxResponse {
  const platform = ctx.query.get("platform");
  const target = ctx.query.get("target");
  if (platform && !platformSchema.safeParse(platform).success)
    return json(400, { error: "invalid_request", message: `platform must be one of ${PUBLISH_PLATFORMS.join(", ")}` });
  const posts = ctx.store
    .slice(publishState)
    .posts.filter((post) => (!platform || post.platform === platform) && (!target || post.target === target))
    .map(({ createdAtMs: _ms, ...post }) => post);
  return json(200, { posts });
}

/** Every publishing call received (posts, uploads, lookups), oldest first: what a rate limit counts. */
function listCalls(ctx: RequestContext): SandboxResponse {
  const platform = ctx.query.get("platform");
  const target = ctx.query.get("target");
  if (platform && !platformSchema.safeParse(platform).success)
    return json(400, { error: "invalid_request", message: `platform must be one of ${PUBLISH_PLATFORMS.join(", ")}` });
  const calls = ctx.store
    .slice(publishState)
    .calls.filter((call) => (!platform || call.platform === platform) && (!target || call.target === target))
    .map(({ atMs, ...call }) => ({ ...call, at: new Date(atMs).toISOString(), atMs }));
  return json(200, { calls });
}

async function setLatency(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = latencySchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, { error: "invalid_request", message: 'Body must be {"ms": integer ≥ 0, "target"?: string}' });
  const state = ctx.store.slice(publishState);
  const { ms, target } = parsed.data;
  if (target === undefined) {
    state.latencyMs = ms;
    return json(200, { latencyMs: ms });
  }
  // A target's own latency lets one test hold its publishes in flight without slowing anyone else's.
  state.targetLatencyMs[target] = ms;
  return json(200, { latencyMs: ms, target });
}

export function registerPublishControl(router: Router): void {
  router
    .post("/_control/publish/faults", addFault)
    .get("/_control/publish/faults", (ctx) => json(200, { faults: ctx.store.slice(publishState).faults }))
    .delete("/_control/publish/faults", clearFaults)
    .get("/_control/publish/posts", listPosts)
    .get("/_control/publish/calls", listCalls)
    .post("/_control/publish/latency", setLatency);
}
