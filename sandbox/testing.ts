import type { OpenAIFaultKind, OpenAIRequestRecord, QuotaCode } from "./platforms/openai/state";

/**
 * Helpers for tests that drive the sandbox over HTTP without a browser: answer a consent screen
 * the way a person would, and call the control API. Browser tests click "Approve" instead.
 */

export interface ConsentChoice {
  decision?: "approve" | "deny";
  name?: string;
  /** Google, Facebook, LinkedIn. */
  email?: string;
  /** X. */
  username?: string;
  /** Facebook: the Page ids to tick; by default the screen's own choice (all ticked). */
  pageIds?: string[];
  /** Facebook: permissions to untick in the dialog (declined), e.g. ["pages_manage_posts"]. */
  declinePermissions?: string[];
  /** Google: false signs in with `email_verified: false`. */
  emailVerified?: boolean;
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * Opens an authorization URL, fills in the consent form and submits it.
 * Returns the URL the sandbox redirects to (the client's redirect_uri with code or error).
 */
export async function answerConsent(authorizeUrl: string, choice: ConsentChoice = {}): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: "manual" });
  const markup = await page.text();
  if (page.status !== 200) throw new Error(`Consent screen answered ${page.status}: ${markup.slice(0, 500)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(markup)?.[1];
  if (!action) throw new Error("No consent form on the page");

  const form = new URLSearchParams();
  for (const [, name, value] of markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    if (name !== undefined && value !== undefined) form.append(unescapeHtml(name), unescapeHtml(value));
  }
  // Every identity field the screen shows (Name, Email, Username…), prefilled or overridden.
  const overrides: Record<string, string | undefined> = {
    name: choice.name,
    email: choice.email,
    username: choice.username,
  };
  for (const [, name = "", value = ""] of markup.matchAll(
    /<input id="consent-[^"]+" name="([^"]+)" type="(?:text|email)"[^>]*value="([^"]*)">/g,
  )) {
    const field = unescapeHtml(name);
    form.set(field, overrides[field] ?? unescapeHtml(value));
  }
  const ticked = [...markup.matchAll(/name="page" value="([^"]+)"( checked)?/g)]
    .filter((m) => m[2])
    .map((m) => m[1] ?? "");
  for (const id of choice.pageIds ?? ticked) form.append("page", id);
  for (const [, scope = ""] of markup.matchAll(/name="permission" value="([^"]+)" checked/g)) {
    if (!choice.declinePermissions?.includes(unescapeHtml(scope))) form.append("permission", unescapeHtml(scope));
  }
  form.set("decision", choice.decision ?? "approve");
  if (choice.emailVerified === false) form.set("email_verified", "false");

  const answer = await fetch(unescapeHtml(action), { method: "POST", body: form, redirect: "manual" });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location)
    throw new Error(`Consent answer gave ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  return new URL(location);
}

export type PublishPlatformName = "facebook" | "twitter" | "linkedin";

/** A fault for POST /_control/publish/faults; see sandbox/README.md, "Publishing". */
export interface PublishFaultInput {
  platform: PublishPlatformName;
  kind: "rate_limit" | "server_error" | "timeout" | "duplicate" | "expired_token";
  /** Calls to hit; default 1, -1 = until cleared. */
  times?: number;
  resetAfterSeconds?: number;
  delayMs?: number;
  afterAccept?: boolean;
  drop?: boolean;
  /** Only calls for this Page id / X user id / LinkedIn member sub. */
  target?: string;
  /** Default ["post"]. */
  operations?: ("post" | "media" | "lookup" | "metrics")[];
}

/** GET /_control/metrics: a post's engagement as the platforms answer it now. */
export interface SandboxEngagement {
  id: string;
  now: number;
  deleted: boolean;
  views: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
  quotes: number;
  bookmarks: number;
  clicks: number;
}

/** A post as GET /_control/publish/posts lists it. */
export interface SandboxPublishedPost {
  platform: PublishPlatformName;
  target: string;
  id: string;
  text: string;
  mediaIds: string[];
  link: string | null;
  replyTo: string | null;
  published: boolean;
  createdAt: string;
}

/**
 * A fault for POST /_control/openai/faults. The openai SDK retries 429, 5xx and timeouts twice by
 * default and each try uses up one: give `count` 3 (or -1) or build the client with `maxRetries: 0`.
 */
export interface OpenAIFaultInput {
  kind: OpenAIFaultKind;
  /** Requests to hit; default 1, -1 = until cleared. */
  count?: number;
  /** slow: hold the answer this long; without it, until the client hangs up. */
  delayMs?: number;
  /** rate_limit: the `retry-after` announced, in seconds (default 1; the SDK waits exactly that). */
  retryAfterSeconds?: number;
  /** insufficient_quota: OpenAI's billing `code` (default `insufficient_quota`). */
  code?: QuotaCode;
}

/** A chat completion request as GET /_control/openai/requests lists it (oldest first). */
export type SandboxOpenAIRequest = OpenAIRequestRecord;

/** A publishing call as GET /_control/publish/calls lists it. */
export interface SandboxRevocation {
  platform: "facebook" | "twitter" | "linkedin";
  subject: string | null;
  revokedTokens: number;
  at: string;
}

export interface SandboxPublishCall {
  platform: PublishPlatformName;
  operation: "post" | "media" | "lookup" | "metrics";
  target: string;
  at: string;
  atMs: number;
  /** null while unanswered, or when the client hung up first. */
  status: number | null;
  /** The request's query string, when it had one. */
  query?: string;
  /** The Graph batch request it came in (numbered per sandbox), when it came in one. */
  batch?: number;
}

const isClosedConnection = (error: unknown) =>
  error instanceof TypeError &&
  ["UND_ERR_SOCKET", "ECONNRESET"].includes((error.cause as { code?: string } | undefined)?.code ?? "");

/** The control API (/_control) of a running sandbox. */
export function sandboxControl(sandboxUrl: string) {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${sandboxUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async (method: string, path: string, body?: unknown) => {
    // A kept-alive connection the sandbox closed as idle just as fetch reused it fails before the
    // sandbox read the request (a loaded machine lets the two timeouts cross): sent once more on a
    // new connection, it is still asked once.
    const response = await send(method, path, body).catch((error: unknown) => {
      if (!isClosedConnection(error)) throw error;
      return send(method, path, body);
    });
    const data: unknown = await response.json();
    if (!response.ok)
      throw new Error(`${method} /_control${path} answered ${response.status}: ${JSON.stringify(data)}`);
    return data;
  };
  return {
    reset: () => call("POST", "/reset"),
    state: () => call("GET", "/state"),
    advanceClock: (seconds: number) => call("POST", "/clock", { advanceSeconds: seconds }),
    /** Puts the sandbox clock at `at` (an ISO 8601 date-time, earlier or later), running on from there. */
    setClock: (at: string) => call("POST", "/clock", { at }),
    defineFacebookUser: (user: {
      id?: string;
      name?: string;
      email?: string | null;
      pages?: {
        id?: string;
        name: string;
        category?: string;
        fan_count?: number;
        tasks?: string[];
        picture_url?: string;
      }[];
    }) => call("POST", "/facebook/users", user),
    expireFacebookPageToken: (pageId: string) =>
      call("POST", `/facebook/pages/${encodeURIComponent(pageId)}/expire-token`),
    expireFacebookUserTokens: (userId: string) =>
      call("POST", `/facebook/users/${encodeURIComponent(userId)}/expire-token`),
    /** The next video uploaded to the Page takes this long to process (sandbox time). */
    slowNextFacebookVideo: (pageId: string, seconds: number) =>
      call("POST", `/facebook/pages/${encodeURIComponent(pageId)}/slow-next-video`, { seconds }),
    /** The video's processing ends now: it is ready (or fails, if it was set to) at the next read. */
    finishFacebookVideo: (videoId: string) =>
      call("POST", `/facebook/videos/${encodeURIComponent(videoId)}/finish-processing`),
    defineTwitterUser: (user: {
      id?: string;
      name?: string;
      username?: string;
      followers_count?: number;
      following_count?: number;
      tweet_count?: number;
      listed_count?: number;
    }) => call("POST", "/twitter/users", user),
    expireTwitterTokens: (userId: string) => call("POST", `/twitter/users/${encodeURIComponent(userId)}/expire-token`),
    revokeTwitterTokens: (userId: string) => call("POST", `/twitter/users/${encodeURIComponent(userId)}/revoke`),
    setLinkedInSettings: (settings: { partnerRefreshTokens: boolean }) => call("POST", "/linkedin/settings", settings),
    setTwitterTier: (tier: "payg" | "free" | "basic" | "pro" | "enterprise") => call("POST", "/twitter/tier", { tier }),
    /** X pay-per-use billing: the credit balance (null: not metered), post reads left, the spending limit. */
    setTwitterBilling: (billing: {
      credits_usd?: number | null;
      post_reads_left?: number;
      spend_limit_reached?: boolean;
    }) => call("POST", "/twitter/billing", billing),
    setLinkedInVideos: (settings: { processingSeconds?: number; failNext?: number; failureReason?: string }) =>
      call("POST", "/linkedin/videos", settings),
    expireLinkedInTokens: (sub: string) => call("POST", `/linkedin/members/${encodeURIComponent(sub)}/expire-token`),
    revokeLinkedInTokens: (sub: string) => call("POST", `/linkedin/members/${encodeURIComponent(sub)}/revoke`),
    /** Every grant ended through a platform's revoke endpoint (X, LinkedIn) or DELETE /me/permissions (Facebook). */
    revocations: async () => ((await call("GET", "/revocations")) as { revocations: SandboxRevocation[] }).revocations,
    publishFaults: async (fault: PublishFaultInput) =>
      ((await call("POST", "/publish/faults", fault)) as { fault: { id: number } }).fault,
    /** The post is deleted on the platform: metrics reads answer "not found" from now on. */
    deletePlatformPost: (platform: PublishPlatformName, id: string) =>
      call("POST", "/publish/posts/delete", { platform, id }),
    /** What the platform's metrics endpoints answer for the post now (sandbox/metrics.ts). */
    platformMetrics: async (platform: PublishPlatformName, id: string) =>
      (await call("GET", `/metrics?${new URLSearchParams({ platform, id })}`)) as SandboxEngagement,
    clearPublishFaults: async () => ((await call("DELETE", "/publish/faults")) as { cleared: number }).cleared,
    publishedPosts: async (filter: { platform?: PublishPlatformName; target?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]),
      );
      return ((await call("GET", `/publish/posts?${query}`)) as { posts: SandboxPublishedPost[] }).posts;
    },
    /**
     * Every publishing call received (posts, uploads, lookups), oldest first, with its arrival time.
     * The worker's engagement reads (operation "metrics") start on their own once a post is out, so
     * they are left out unless `metricReads` asks for them.
     */
    publishCalls: async ({
      metricReads = false,
      ...filter
    }: { platform?: PublishPlatformName; target?: string; metricReads?: boolean } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]),
      );
      const { calls } = (await call("GET", `/publish/calls?${query}`)) as { calls: SandboxPublishCall[] };
      return metricReads ? calls : calls.filter((entry) => entry.operation !== "metrics");
    },
    /** Every publishing call, or (with `target`) only that Page's / user's / member's calls. */
    setPublishLatency: (ms: number, target?: string) => call("POST", "/publish/latency", { ms, target }),
    openaiFault: async (fault: OpenAIFaultInput) =>
      ((await call("POST", "/openai/faults", fault)) as { fault: { id: number } }).fault,
    clearOpenAIFaults: async () => ((await call("DELETE", "/openai/faults")) as { cleared: number }).cleared,
    /** Answered in order (one per completion) before the default "Sandbox AI: …" reply. */
    queueOpenAIReplies: async (...replies: string[]) =>
      ((await call("POST", "/openai/replies", { replies })) as { queued: number }).queued,
    openaiRequests: async () =>
      ((await call("GET", "/openai/requests")) as { requests: SandboxOpenAIRequest[] }).requests,
    /** contextLimit: the window in estimated tokens (32,000); streamDelayMs: pause between chunks (15). */
    setOpenAISettings: (settings: { contextLimit?: number; streamDelayMs?: number }) =>
      call("POST", "/openai/settings", settings),
    /** Serves a model besides the built-in ones (or replaces one by its id), e.g. with a near shutdown date. */
    addOpenAIModel: (model: { id: string; shutdownDate?: string | null; reasoning?: boolean }) =>
      call("POST", "/openai/models", model),
    /** Where the sandbox sends Stripe events, and how (see sandbox/README.md, "Stripe"). */
    setStripeWebhook: async (settings: {
      url?: string | null;
      secret?: string;
      apiVersion?: string;
      maxAttempts?: number;
      retryDelayMs?: number;
      timeoutMs?: number;
    }) =>
      (await call("POST", "/stripe/webhook", settings)) as { url: string | null; secret: string; apiVersion: string },
    stripeWebhookFault: async (fault: StripeWebhookFaultInput) =>
      ((await call("POST", "/stripe/webhook/faults", fault)) as { fault: { id: number } }).fault,
    stripeDeliveries: async () =>
      ((await call("GET", "/stripe/webhook/deliveries")) as { deliveries: SandboxStripeDelivery[] }).deliveries,
    /** The customer's card from now on: "decline" makes the next charge (a renewal) fail. */
    setStripeCard: (customerId: string, card: "success" | "decline") =>
      call("POST", `/stripe/customers/${encodeURIComponent(customerId)}/card`, { card }),
  };
}

export interface StripeWebhookFaultInput {
  kind: "duplicate" | "out_of_order" | "delay" | "fail";
  /** Events to hit; default 1, -1 = until cleared. */
  times?: number;
  /** Only events of these types. */
  types?: string[];
  /** delay: held this long before the first attempt. */
  delayMs?: number;
}

export interface SandboxStripeDelivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  at: string;
}

export const STRIPE_TEST_CARDS = {
  success: "4242 4242 4242 4242",
  decline: "4000 0000 0000 0002",
  authenticate: "4000 0025 0000 3155",
} as const;

export type CheckoutOutcome =
  /** Paid: where the sandbox sent the customer (success_url with the session id). */
  | { kind: "redirect"; location: URL }
  /** Still on the Checkout page, with the error it shows ("Your card was declined."). */
  | { kind: "error"; message: string };

/**
 * Pays a Checkout Session on its hosted page as a person would: types the card number, submits,
 * and for the 3-D Secure card answers the authentication page (`threeDSecure`, default complete).
 */
export async function completeCheckout(
  checkoutUrl: string,
  card: keyof typeof STRIPE_TEST_CARDS | string,
  options: { threeDSecure?: "complete" | "fail" } = {},
): Promise<CheckoutOutcome> {
  const number = card in STRIPE_TEST_CARDS ? STRIPE_TEST_CARDS[card as keyof typeof STRIPE_TEST_CARDS] : card;
  const page = await fetch(checkoutUrl, { redirect: "manual" });
  const markup = await page.text();
  if (page.status !== 200) throw new Error(`Checkout page answered ${page.status}: ${markup.slice(0, 300)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(markup)?.[1];
  if (!action) throw new Error("No payment form on the Checkout page");
  let answer = await fetch(new URL(unescapeHtml(action), checkoutUrl), {
    method: "POST",
    body: new URLSearchParams({ card_number: number }),
    redirect: "manual",
  });
  let location = answer.headers.get("location");
  if (answer.status === 302 && location?.includes("/authenticate")) {
    const challengeUrl = new URL(location, checkoutUrl);
    const challenge = await (await fetch(challengeUrl)).text();
    const card3ds = /name="card_number" value="([^"]*)"/.exec(challenge)?.[1] ?? "";
    answer = await fetch(
      challengeUrl.pathname.startsWith("/") ? new URL(challengeUrl.pathname, checkoutUrl) : challengeUrl,
      {
        method: "POST",
        body: new URLSearchParams({ card_number: unescapeHtml(card3ds), decision: options.threeDSecure ?? "complete" }),
        redirect: "manual",
      },
    );
    location = answer.headers.get("location");
  }
  if (answer.status === 302 && location) return { kind: "redirect", location: new URL(location, checkoutUrl) };
  const body = await answer.text();
  const message = /<p role="alert" id="checkout-error">([^<]*)<\/p>/.exec(body)?.[1];
  if (answer.status === 200 && message) return { kind: "error", message: unescapeHtml(message) };
  throw new Error(`Checkout answered ${answer.status}: ${body.slice(0, 300)}`);
}
