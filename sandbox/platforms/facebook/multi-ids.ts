import { metricsCall } from "../../metrics";
import { runPublish } from "../../publish";
import { findPost, recordCall } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import {
  engagementFields,
  ENGAGEMENT_FIELDS,
  insightMetrics,
  insightsProblem,
  POST_DEFAULT_FIELDS,
  postFields,
} from "./feed";
import { GRAPH, graphError, pickFields, requestedFields } from "./graph-auth";
import { facebookFaults, pageAuth } from "./publish";
import { settleVideos } from "./videos";

/**
 * Graph's multiple-id read, `GET /?ids=a,b,c&fields=…` (developers.facebook.com/docs/graph-api,
 * "Multiple ID Read Requests"), for Page posts: one object per id, keyed by the id. As strict as
 * Graph, or stricter (sources in sandbox/README.md, "Metrics"):
 * - at most 50 ids, else (#100) "Too many IDs. Maximum: 50. Provided: N.";
 * - the token must be able to read every id's Page (its own Page token, or its admin's user
 *   token with pages_read_engagement), else that Page's error for the whole request;
 * - `insights` needs read_insights, else (#10) for the whole request (feed.ts, insightsProblem);
 * - one id that does not exist (or was deleted) fails the whole request with
 *   (#803) "Some of the aliases you requested do not exist: …" naming every such id;
 * - every id counts as one call for rate limiting, so the call log gets one entry per id (all with
 *   the same query, so tests can tell requests from calls); faults fire once per request.
 */

const MAX_IDS = 50;
const POST_ID = /^\d+_\d+$/;

async function multiIds(ctx: RequestContext): Promise<SandboxResponse> {
  const raw = ctx.query.get("ids");
  if (raw === null || raw.trim() === "")
    return graphError({ message: "(#100) Missing or empty 'ids' parameter", code: 100 });
  const ids = [
    ...new Set(
      raw
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_IDS)
    return graphError({ message: `(#100) Too many IDs. Maximum: ${MAX_IDS}. Provided: ${ids.length}.`, code: 100 });
  const missing = ids.filter((id) => !POST_ID.test(id));
  const pages = [...new Set(ids.filter((id) => POST_ID.test(id)).map((id) => id.split("_")[0]!))];
  for (const pageId of pages) {
    const auth = pageAuth(ctx, pageId, null, true);
    if (!auth.ok) return auth.response;
    const refused = insightsProblem(ctx, auth.token.scopes);
    if (refused) return refused;
  }
  const fields = requestedFields(ctx);
  const engagement = fields?.some((field) => ENGAGEMENT_FIELDS.includes(field)) ?? false;
  const metrics = engagement ? insightMetrics(ctx.query.get("fields") ?? "") : [];
  const call = (pageId: string) =>
    engagement
      ? metricsCall("facebook", pageId)
      : { platform: "facebook" as const, operation: "lookup" as const, target: pageId };
  const query = ctx.query.toString();
  // One call per id, logged on arrival as Graph counts them; runPublish logs the first.
  const extra = ids.slice(1).map((id) => recordCall(ctx.store, { ...call(id.split("_")[0] ?? ""), query }));
  const result = await runPublish(ctx, call(ids[0]!.split("_")[0] ?? ""), facebookFaults, () => {
    settleVideos(ctx.store);
    const found = new Map(ids.map((id) => [id, POST_ID.test(id) ? findPost(ctx.store, "facebook", id) : undefined]));
    const gone = [
      ...missing,
      ...ids.filter((id) => POST_ID.test(id) && (!found.get(id) || found.get(id)!.deletedAtMs !== undefined)),
    ];
    if (gone.length > 0)
      return graphError({
        message: `(#803) Some of the aliases you requested do not exist: ${gone.join(",")}`,
        code: 803,
      });
    const body: Record<string, unknown> = {};
    for (const id of ids) {
      const post = found.get(id)!;
      body[id] = pickFields(
        { ...postFields(post), ...engagementFields(ctx, post, metrics) },
        fields,
        POST_DEFAULT_FIELDS,
      );
    }
    return json(200, body);
  });
  for (const record of extra) record.status = ctx.signal.aborted ? null : result.status;
  return result;
}

export function registerFacebookMultiIds(router: Router): void {
  router.get(GRAPH, multiIds);
}
