import { liveEngagement, metricsCall } from "../../metrics";
import { runPublish } from "../../publish";
import { findPost } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { authenticateLinkedIn } from "./api";
import { badRequest, linkedinFaults, notAllowed, restHeadersProblem } from "./publish";

/**
 * GET /rest/socialMetadata/{urn} (LinkedIn "Reactions and Social Metadata" API): reaction counts by
 * type and the comment summary of a post. Reading a member's engagement needs `r_member_social`,
 * a restricted permission LinkedIn grants to approved partners only; without it 403. Views and
 * reach of member posts (memberCreatorPostAnalytics, `r_member_postAnalytics`) are not served.
 */

async function socialMetadata(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  const urn = decodeURIComponent(ctx.params.urn ?? "");
  if (!/^urn:li:(share|ugcPost):\d+$/.test(urn)) return badRequest(`Invalid entity URN: ${urn}`);
  const sub = auth.token.subject;
  if (!auth.token.scopes.includes("r_member_social"))
    return json(403, {
      serviceErrorCode: 100,
      message: "Not enough permissions to access: socialMetadata.GET.20240101",
      status: 403,
    });
  return runPublish(ctx, metricsCall("linkedin", sub), linkedinFaults, () => {
    const post = findPost(ctx.store, "linkedin", urn);
    const figures = post ? liveEngagement(ctx, post) : null;
    if (!post || !figures) return json(404, { status: 404, code: "NOT_FOUND", message: `Entity ${urn} not found` });
    if (post.target !== sub) return notAllowed(`Not enough permissions to read ${urn}`);
    return json(200, {
      entity: urn,
      commentsState: "OPEN",
      reactionSummaries: figures.reactions > 0 ? { LIKE: { reactionType: "LIKE", count: figures.reactions } } : {},
      commentSummary: { count: figures.comments, topLevelCount: figures.comments },
    });
  });
}

export function registerLinkedInMetrics(router: Router): void {
  router.get("/linkedin/api/rest/socialMetadata/:urn", socialMetadata);
}
