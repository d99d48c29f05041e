import { asCount, asRecord, platformRequest } from "@/lib/networks/server/http";
import type { MetricsRequest, MetricsResult, NetworkMetrics, PostReading } from "@/lib/networks/server/types";
import { endpoints } from "./endpoints";
import { linkedinError } from "./errors";

/**
 * LinkedIn's engagement reads: `GET /rest/socialMetadata/{urn}` (reactions, comments), one post a
 * request, which needs the restricted `r_member_social`; member posts' views need
 * `r_member_postAnalytics`, which we do not ask for, so LinkedIn views and reach are null
 * (unavailable).
 */

/** LinkedIn's permission for reading a member's post engagement (partner approval). */
export const LINKEDIN_METRICS_SCOPE = "r_member_social";

async function linkedinPost(request: MetricsRequest, urn: string): Promise<PostReading | null> {
  await request.beforeRequest();
  const response = await platformRequest(`${endpoints.api}/rest/socialMetadata/${encodeURIComponent(urn)}`, {
    headers: {
      Authorization: `Bearer ${request.accessToken}`,
      "LinkedIn-Version": endpoints.version,
      "X-Restli-Protocol-Version": "2.0.0",
    },
  });
  if (response.status === 404) return null;
  if (response.status !== 200) throw linkedinError(response);
  const body = asRecord(response.body);
  let likes = 0;
  for (const summary of Object.values(asRecord(body.reactionSummaries))) likes += asCount(asRecord(summary).count);
  return {
    views: null,
    reach: null,
    likes,
    comments: asCount(asRecord(body.commentSummary).count),
    shares: 0,
    raw: body,
  };
}

async function readLinkedinPosts(request: MetricsRequest): Promise<MetricsResult> {
  const result: MetricsResult = { readings: new Map(), removed: [] };
  for (const id of request.postIds) {
    const reading = await linkedinPost(request, id);
    if (reading) result.readings.set(id, reading);
    else result.removed.push(id);
  }
  return result;
}

export const linkedinMetrics: NetworkMetrics = {
  batch: 1,
  sharesPublishingLimit: false,
  unreadable: (grantedScopes) =>
    grantedScopes.includes(LINKEDIN_METRICS_SCOPE)
      ? null
      : `LinkedIn shares engagement only with apps approved for ${LINKEDIN_METRICS_SCOPE} (partner program).`,
  // LinkedIn publishes no numbers (its daily limits show in the developer portal): 500 reads a day
  // per member is our own budget.
  rateRules: () => [{ name: "metrics-social-metadata-24h", operations: ["lookup"], max: 500, windowSeconds: 86_400 }],
  read: readLinkedinPosts,
};
