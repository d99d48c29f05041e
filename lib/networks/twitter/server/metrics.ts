import { env } from "@/lib/server/env";
import { asCount, asRecord, asString } from "@/lib/networks/server/http";
import type { MetricsRequest, MetricsResult, NetworkMetrics } from "@/lib/networks/server/types";
import { xApiRequest } from "./billing";
import { endpoints } from "./endpoints";
import { twitterError } from "./errors";

/**
 * X's engagement reads: `GET /2/tweets?ids=` with up to 100 ids and `tweet.fields=public_metrics`;
 * ids X no longer has come back as "Not Found Error" in `errors`. X has no reach figure: null.
 */

async function readTweets(request: MetricsRequest): Promise<MetricsResult> {
  await request.beforeRequest();
  const params = new URLSearchParams({ ids: request.postIds.join(","), "tweet.fields": "public_metrics" });
  const response = await xApiRequest(
    `${endpoints.api}/2/tweets?${params}`,
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
      views: asCount(metrics.impression_count),
      likes: asCount(metrics.like_count),
      comments: asCount(metrics.reply_count),
      // Reposts and quotes both carry the post to other timelines.
      // retweet_count as X documents it; repost_count as its OpenAPI spec (xdk 2.167) names it.
      shares: asCount(metrics.retweet_count ?? metrics.repost_count) + asCount(metrics.quote_count),
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

/**
 * GET /2/tweets per user and 15 minutes by tier (docs.x.com/x-api/fundamentals/rate-limits:
 * pay-per-use 5,000, checked 2026-12-01; the legacy Free 1, Basic 15, Pro 900).
 */
const X_LOOKUP_PER_15_MIN: Record<typeof env.TWITTER_API_TIER, number> = {
  payg: 5000,
  free: 1,
  basic: 15,
  pro: 900,
  enterprise: 900,
};

/**
 * X also counts GET /2/tweets per app (every user of our app together): pay-per-use 3,500, Free 1,
 * Basic 15, Pro 450 per 15 minutes (same source; Enterprise limits are custom, so none).
 */
const X_LOOKUP_PER_APP_15_MIN: Record<typeof env.TWITTER_API_TIER, number | null> = {
  payg: 3500,
  free: 1,
  basic: 15,
  pro: 450,
  enterprise: null,
};

export const twitterMetrics: NetworkMetrics = {
  batch: 100,
  sharesPublishingLimit: false,
  rateRules: () => [
    {
      name: `metrics-tweets-lookup-${env.TWITTER_API_TIER}`,
      operations: ["lookup"],
      max: X_LOOKUP_PER_15_MIN[env.TWITTER_API_TIER],
      windowSeconds: 900,
    },
  ],
  appRateRules: () => {
    const max = X_LOOKUP_PER_APP_15_MIN[env.TWITTER_API_TIER];
    if (max === null) return [];
    return [
      { name: `metrics-tweets-lookup-app-${env.TWITTER_API_TIER}`, operations: ["lookup"], max, windowSeconds: 900 },
    ];
  },
  read: readTweets,
};
