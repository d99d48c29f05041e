import twitterText from "twitter-text";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import { defineSlice, type IssuedToken } from "../../state";

/**
 * X's pay-per-use billing, as the app sees it (docs.x.com/x-api/getting-started/pricing and
 * /x-api/fundamentals/post-cap, checked 2026-12-01): the app buys credits that each call draws
 * on; at none left X answers 402 CreditsDepleted. Post reads are capped at 3 million per monthly
 * billing cycle, and a spending limit set in the Developer Console blocks requests until the next
 * cycle; both answer 429 with the usage-capped problem. The sandbox starts with credits not metered
 * (`creditsMicros: null`); tests set a balance, the reads left or the spending limit through
 * POST /_control/twitter/billing. Only the pay-per-use tier is billed.
 */

/** Prices in millionths of a dollar (pricing page; POST /2/tweets with a URL since 20 Apr 2026, changelog). */
const PRICE = {
  postCreate: 15_000,
  postCreateWithUrl: 200_000,
  postRead: 5_000,
  /** "Owned Reads": GET /2/users/{id}/tweets where id is the authenticated user (changelog, 16 Apr 2026). */
  ownedPostRead: 1_000,
  userRead: 10_000,
};
const MONTHLY_POST_READS = 3_000_000;
/** The endpoints whose posts count toward the monthly cap (post-cap page, "Tracked endpoints"). */
const POST_READ_ENDPOINTS = new Set(["GET /2/tweets", "GET /2/users/:id/tweets"]);

export interface XBilling {
  /** The credit balance; null: not metered. It may go below zero (a read is charged per post returned). */
  creditsMicros: number | null;
  postReadsLeft: number;
  spendLimitReached: boolean;
}

export const xBillingState = defineSlice<XBilling>(
  "twitterBilling",
  () => ({ creditsMicros: null, postReadsLeft: MONTHLY_POST_READS, spendLimitReached: false }),
  (state) => ({ ...state }),
);

const PROBLEM_JSON = { "content-type": "application/problem+json" };
/** The developer account the sandbox's X app belongs to, as X names it in billing answers. */
const ACCOUNT_ID = "1000000000000000001";

/** X's answer with no credits left, as logged by X API clients in 2026 (the OpenAPI spec lists no 402). */
export const creditsDepleted = () =>
  json(
    402,
    {
      account_id: Number(ACCOUNT_ID),
      title: "CreditsDepleted",
      detail: `Your enrolled account [${ACCOUNT_ID}] does not have any credits to fulfill this request.`,
      type: "https://api.twitter.com/2/problems/credits",
    },
    PROBLEM_JSON,
  );

/** A usage cap reached, as X answers it (docs list the `usage-capped` type; the body as logged by clients). */
export const usageCapped = (scope: "Product" | "Account", detail: string) =>
  json(
    429,
    {
      account_id: Number(ACCOUNT_ID),
      product_name: "pay-per-use",
      title: "UsageCapExceeded",
      period: "Monthly",
      scope,
      detail,
      type: "https://api.twitter.com/2/problems/usage-capped",
    },
    PROBLEM_JSON,
  );

/** The answer for a call the app's billing does not allow, or null: the call may go ahead. */
export function billingRefusal(ctx: RequestContext, endpoint: string): SandboxResponse | null {
  const billing = ctx.store.slice(xBillingState);
  if (billing.spendLimitReached) return usageCapped("Account", "Usage cap exceeded: Monthly spending limit");
  if (billing.creditsMicros !== null && billing.creditsMicros < (endpoint === "POST /2/tweets" ? PRICE.postCreate : 1))
    return creditsDepleted();
  if (POST_READ_ENDPOINTS.has(endpoint) && billing.postReadsLeft <= 0)
    return usageCapped("Product", "Usage cap exceeded: Monthly product cap");
  return null;
}

function dataOf(result: SandboxResponse): unknown {
  try {
    return (JSON.parse(result.body) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}

/** Draws a successful call's price from the credits, and its posts from the monthly reads. */
export function chargeFor(ctx: RequestContext, endpoint: string, token: IssuedToken, result: SandboxResponse): void {
  if (result.status < 200 || result.status >= 300) return;
  const billing = ctx.store.slice(xBillingState);
  const data = dataOf(result);
  const posts = Array.isArray(data) ? data.length : 0;
  let price = 0;
  if (endpoint === "POST /2/tweets") {
    const text = (data as { text?: unknown } | undefined)?.text;
    const hasUrl = typeof text === "string" && twitterText.extractUrls(text).length > 0;
    price = hasUrl ? PRICE.postCreateWithUrl : PRICE.postCreate;
  } else if (endpoint === "GET /2/tweets") price = posts * PRICE.postRead;
  else if (endpoint === "GET /2/users/:id/tweets")
    price = posts * (ctx.params.id === token.subject ? PRICE.ownedPostRead : PRICE.postRead);
  else if (endpoint === "GET /2/users/me") price = PRICE.userRead;
  // Media uploads have no price on the pricing page: not charged, though refused once credits are gone.
  if (POST_READ_ENDPOINTS.has(endpoint)) billing.postReadsLeft = Math.max(0, billing.postReadsLeft - posts);
  if (billing.creditsMicros !== null) billing.creditsMicros -= price;
}
