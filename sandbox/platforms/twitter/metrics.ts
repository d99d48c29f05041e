import { metricsCall, liveEngagement } from "../../metrics";
import { runPublish } from "../../publish";
import { findPost } from "../../publish-state";
import type { RequestContext, Router } from "../../router";
import { json, type SandboxResponse } from "../../responses";
import { authenticateTwitter } from "./api";
import { withXRateLimit } from "./limits";
import { invalidRequest, twitterFaults } from "./publish";

/**
 * GET /2/tweets?ids=…&tweet.fields=public_metrics (docs.x.com, "Tweets lookup"): at most 100 ids;
 * each found post with the fields asked for; ids X does not have (deleted posts) come back in
 * `errors` as "Not Found Error", beside the others' data. Within the tier's per-user and per-app
 * windows of `GET /2/tweets` (limits.ts: Free 1, Basic 15, Pro 900 per user and 450 per app / 15 min).
 */

const MAX_IDS = 100;
const TWEET_FIELDS = [
  "article",
  "attachments",
  "author_id",
  "card_uri",
  "community_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "display_text_range",
  "edit_controls",
  "edit_history_tweet_ids",
  "entities",
  "geo",
  "id",
  "in_reply_to_user_id",
  "lang",
  "media_metadata",
  "non_public_metrics",
  "note_tweet",
  "organic_metrics",
  "possibly_sensitive",
  "promoted_metrics",
  "public_metrics",
  "referenced_tweets",
  "reply_settings",
  "scopes",
  "source",
  "text",
  "withheld",
];

async function lookup(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "GET /2/tweets");
  if (!auth.ok) return auth.response;
  const raw = ctx.query.get("ids");
  if (!raw) return invalidRequest("The `ids` query parameter can not be empty");
  const ids = raw.split(",");
  if (ids.length > MAX_IDS || ids.some((id) => !/^\d{1,19}$/.test(id)))
    return invalidRequest(
      ids.length > MAX_IDS
        ? `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and ${MAX_IDS}`
        : `The \`ids\` query parameter value [${ids.find((id) => !/^\d{1,19}$/.test(id))}] does not match ^[0-9]{1,19}$`,
    );
  const fields = (ctx.query.get("tweet.fields") ?? "").split(",").filter(Boolean);
  const unknown = fields.filter((field) => !TWEET_FIELDS.includes(field));
  if (unknown.length > 0)
    return invalidRequest(
      `The \`tweet.fields\` query parameter value [${unknown.join(",")}] is not one of [${TWEET_FIELDS.join(",")}]`,
    );
  return runPublish(ctx, metricsCall("twitter", auth.token.subject), twitterFaults, () =>
    withXRateLimit(ctx, "GET /2/tweets", auth.token, () => answer(ctx, ids, fields)),
  );
}

function answer(ctx: RequestContext, ids: string[], fields: string[]): SandboxResponse {
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  for (const id of [...new Set(ids)]) {
    const post = findPost(ctx.store, "twitter", id);
    const engagement = post ? liveEngagement(ctx, post) : null;
    if (!post || !engagement) {
      errors.push({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: "Not Found Error",
        resource_type: "tweet",
        parameter: "ids",
        resource_id: id,
        type: "https://api.x.com/2/problems/resource-not-found",
      });
      continue;
    }
    data.push({
      id: post.id,
      text: post.text,
      edit_history_tweet_ids: [post.id],
      ...(fields.includes("created_at") ? { created_at: post.createdAt } : {}),
      ...(fields.includes("author_id") ? { author_id: post.target } : {}),
      ...(fields.includes("public_metrics")
        ? {
            public_metrics: {
              retweet_count: engagement.shares,
              reply_count: engagement.comments,
              like_count: engagement.reactions,
              quote_count: engagement.quotes,
              bookmark_count: engagement.bookmarks,
              impression_count: engagement.views,
            },
          }
        : {}),
    });
  }
  return json(200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
}

export function registerTwitterMetrics(router: Router): void {
  router.get("/x/api/2/tweets", lookup);
}
