import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import {
  postTargets,
  socialAccounts,
  socialPages,
  targetMetrics,
  type SocialAccount,
  type SocialPage,
} from "@/db/schema";
import { acquireRateUnder, holdRate, RateLimitDeferral, type RateScope } from "@/lib/publishing/server/rate-limit";
import { env } from "@/lib/server/env";
import { isPlatformError, type RateLimitRule } from "@/lib/server/platforms";
import {
  fetchMetrics,
  LINKEDIN_METRICS_SCOPE,
  METRICS_BATCH,
  type MetricsResult,
} from "@/lib/server/platforms/metrics";
import {
  freshAccessToken,
  markAccountInvalid,
  markPageInvalid,
  pageToken,
  refreshAccountTokensNow,
} from "@/lib/social/server/account-tokens";
import type { ConnectablePlatform } from "@/lib/social/schemas";
import { nextSyncAt } from "../metrics-math";
import { recordReadings, type Reading } from "./ingest";
import { syncPhase } from "./sync-phase";

/**
 * The metrics sync, run by the worker every few seconds. The schedule lives in
 * Postgres (`target_metrics.next_sync_at`), so a restart or a wiped Redis loses nothing: due
 * pages are claimed with a lease (next_sync_at pushed METRICS_LEASE_SECONDS ahead, 2 min by
 * default; FOR UPDATE SKIP LOCKED, so several workers never read the same page and a dead worker's
 * pages come back when the lease ends), grouped per account, read in batches through the shared rate limiter, then rescheduled
 * by age (metrics-math.ts nextSyncAt). Errors:
 * - expired token: X/LinkedIn renew once; a refused renewal (or Facebook's 190) flags the account
 *   or Page (`has_valid_token = false`, as publishing does) and its pages are not claimed while it
 *   stays flagged: no retry storm; reconnecting resumes them.
 * - 429 (or our limiter saying no): every worker holds the account until the platform's reset; the
 *   pages not read are due again exactly then.
 * - deleted on the platform: `removed_at` set, figures kept, no more reads.
 * - permission refused (e.g. LinkedIn without r_member_social): the page stops being read.
 * - anything else: read again in RETRY_MS.
 */

const LEASE_MS = env.METRICS_LEASE_SECONDS * 1000;
const RETRY_MS = 5 * 60_000;
const BILLING_RETRY_MS = 60 * 60_000;
const UNKNOWN_RESET_MS = 60_000;
/** Pages claimed per run; the rest wait for the next run (every few seconds). */
const CLAIM_LIMIT = 500;

/**
 * The read limits the sync keeps per account. X: GET /2/tweets per user and 15 minutes by tier
 * (docs.x.com/x-api/fundamentals/rate-limits: pay-per-use 5,000, checked 2026-12-01; the legacy
 * Free 1, Basic 15, Pro 900). Facebook: reads count
 * against the Page's own limit, so they share the publishing scope and its 4800 calls / 24 h rule,
 * and take at most half of it.
 * LinkedIn publishes no numbers (its daily limits show in the developer portal): 500 reads a day per
 * member is our own budget.
 */
const X_LOOKUP_PER_15_MIN: Record<typeof env.TWITTER_API_TIER, number> = {
  payg: 5000,
  free: 1,
  basic: 15,
  pro: 900,
  enterprise: 900,
};

export function metricsRateRules(platform: ConnectablePlatform): RateLimitRule[] {
  if (platform === "twitter")
    return [
      {
        name: `metrics-tweets-lookup-${env.TWITTER_API_TIER}`,
        operations: ["lookup"],
        max: X_LOOKUP_PER_15_MIN[env.TWITTER_API_TIER],
        windowSeconds: 900,
      },
    ];
  if (platform === "linkedin")
    return [{ name: "metrics-social-metadata-24h", operations: ["lookup"], max: 500, windowSeconds: 86_400 }];
  // The Page's own window (the same key as publishing's rule), and at most half of it for reads, so
  // the sync can never spend the allowance publishing needs.
  return [
    { name: "page-calls-24h", operations: ["lookup"], max: 4800, windowSeconds: 86_400 },
    { name: "metrics-reads-24h", operations: ["lookup"], max: 2400, windowSeconds: 86_400 },
  ];
}

/**
 * X also counts GET /2/tweets per app (every user of our app together): pay-per-use 3,500, Free 1,
 * Basic 15, Pro 450 per 15 minutes (same source; Enterprise limits are custom, so none). One scope for the whole app.
 */
const X_LOOKUP_PER_APP_15_MIN: Record<typeof env.TWITTER_API_TIER, number | null> = {
  payg: 3500,
  free: 1,
  basic: 15,
  pro: 450,
  enterprise: null,
};
export const METRICS_APP_SCOPE: RateScope = { platform: "twitter", account: "app:metrics" };

export function metricsAppRateRules(platform: ConnectablePlatform): RateLimitRule[] {
  const max = platform === "twitter" ? X_LOOKUP_PER_APP_15_MIN[env.TWITTER_API_TIER] : null;
  if (max === null) return [];
  return [
    { name: `metrics-tweets-lookup-app-${env.TWITTER_API_TIER}`, operations: ["lookup"], max, windowSeconds: 900 },
  ];
}

/** Facebook reads share the Page's limit with publishing; X and LinkedIn reads have their own. */
export function metricsRateScope(platform: ConnectablePlatform, pageId: string): RateScope {
  return { platform, account: platform === "facebook" ? pageId : `${pageId}:metrics` };
}

interface Due {
  targetId: string;
  platformPostId: string;
  publishedAt: Date;
  page: SocialPage;
  account: SocialAccount;
}

export interface SyncReport {
  claimed: number;
  read: number;
  removed: number;
  deferred: number;
  failed: number;
  stopped: number;
}

export async function runMetricsSync(now: Date = new Date()): Promise<SyncReport> {
  const report: SyncReport = { claimed: 0, read: 0, removed: 0, deferred: 0, failed: 0, stopped: 0 };
  const due = await claimDue(now);
  report.claimed = due.length;
  const groups = new Map<string, Due[]>();
  for (const item of due) {
    const key = `${item.page.id}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const items of groups.values()) await syncPage(items, report);
  return report;
}

/** Claims due pages of valid accounts for LEASE_MS; pages whose account is gone stop being read. */
async function claimDue(now: Date): Promise<Due[]> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx.execute<{ post_target_id: string }>(sql`
      select tm.post_target_id from ${targetMetrics} tm
      where tm.next_sync_at <= ${now}
      order by tm.next_sync_at, tm.post_target_id
      limit ${CLAIM_LIMIT}
      for update of tm skip locked`);
    const ids = rows.rows.map((row) => row.post_target_id);
    if (ids.length === 0) return [];
    await tx
      .update(targetMetrics)
      .set({ nextSyncAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(targetMetrics.postTargetId, ids));
    return ids;
  });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      targetId: postTargets.id,
      platformPostId: postTargets.platformPostId,
      publishedAt: targetMetrics.publishedAt,
      page: socialPages,
      account: socialAccounts,
    })
    .from(targetMetrics)
    .innerJoin(postTargets, eq(postTargets.id, targetMetrics.postTargetId))
    .leftJoin(socialPages, eq(socialPages.id, postTargets.pageId))
    .leftJoin(socialAccounts, eq(socialAccounts.id, socialPages.socialAccountId))
    .where(inArray(targetMetrics.postTargetId, claimed))
    .orderBy(targetMetrics.postTargetId);
  const ready: Due[] = [];
  const orphaned: string[] = [];
  const waiting: string[] = [];
  for (const row of rows) {
    if (!row.page || !row.account || !row.platformPostId) orphaned.push(row.targetId);
    // A flagged account or Page is not read until it is reconnected (its pages stay due).
    else if (!row.account.hasValidToken || !row.page.hasValidToken) waiting.push(row.targetId);
    else ready.push({ ...row, page: row.page, account: row.account, platformPostId: row.platformPostId });
  }
  await stop(orphaned, "The page was disconnected; its last figures are kept.");
  await reschedule(waiting, new Date(now.getTime() + RETRY_MS), "The account's token has expired; reconnect it.");
  return ready;
}

async function syncPage(items: Due[], report: SyncReport): Promise<void> {
  const first = items[0]!;
  const platform = first.account.platform as ConnectablePlatform;
  if (platform === "linkedin" && !first.account.scopes.includes(LINKEDIN_METRICS_SCOPE)) {
    report.stopped += items.length;
    await stop(
      items.map((item) => item.targetId),
      `LinkedIn shares engagement only with apps approved for ${LINKEDIN_METRICS_SCOPE} (partner program).`,
    );
    return;
  }
  const scope = metricsRateScope(platform, first.page.pageId);
  const limits: [RateScope, RateLimitRule[]][] = [[scope, metricsRateRules(platform)]];
  const appRules = metricsAppRateRules(platform);
  if (appRules.length > 0) limits.push([METRICS_APP_SCOPE, appRules]);
  // The account's window first, then the app's: a call takes a slot in both or is deferred (a slot
  // taken in the account's window when the app's is full is one call the account does not make).
  const beforeRequest = async (calls = 1) => {
    for (const [limitScope, rules] of limits) {
      const decision = await acquireRateUnder(limitScope, rules, calls);
      if (!decision.allowed) throw new RateLimitDeferral(decision.retryAt, decision.held);
    }
  };
  const size = METRICS_BATCH[platform];
  let accessToken: string;
  try {
    accessToken = await freshAccessToken(first.account);
  } catch (error) {
    await failed(items, error, report, scope);
    return;
  }
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    const request = () =>
      fetchMetrics(platform, {
        accessToken,
        pageAccessToken: pageToken(first.page),
        grantedScopes: first.account.scopes,
        postIds: batch.map((item) => item.platformPostId),
        beforeRequest,
      });
    try {
      let result: MetricsResult;
      try {
        result = await request();
      } catch (error) {
        // X and LinkedIn can refuse a token with time left: renew once, as publishing does.
        if (!isPlatformError(error) || error.kind !== "expired_token" || !first.account.refreshTokenEnc) throw error;
        await refreshAccountTokensNow(first.account.id);
        const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, first.account.id));
        if (!account?.hasValidToken) throw error;
        accessToken = await freshAccessToken(account);
        result = await request();
      }
      await applyResult(batch, result, report);
    } catch (error) {
      await failed(items.slice(start), error, report, scope);
      return;
    }
  }
}

async function applyResult(batch: Due[], result: MetricsResult, report: SyncReport): Promise<void> {
  const now = new Date();
  const readings: Reading[] = [];
  const removed: string[] = [];
  for (const item of batch) {
    const reading = result.readings.get(item.platformPostId);
    if (reading) readings.push({ postTargetId: item.targetId, ...reading });
    else if (result.removed.includes(item.platformPostId)) removed.push(item.targetId);
  }
  await recordReadings(readings, now);
  report.read += readings.length;
  for (const item of batch.filter((entry) => readings.some((reading) => reading.postTargetId === entry.targetId))) {
    await db
      .update(targetMetrics)
      .set({ nextSyncAt: nextSyncAt(item.publishedAt, now, syncPhase(item.account.id, item.page.pageId)) })
      .where(eq(targetMetrics.postTargetId, item.targetId));
  }
  if (removed.length > 0) {
    report.removed += removed.length;
    await db
      .update(targetMetrics)
      .set({ removedAt: now, nextSyncAt: null, lastError: "The post was deleted on the platform." })
      .where(inArray(targetMetrics.postTargetId, removed));
  }
  // Neither read nor reported deleted (the platform left it out): try again later.
  const missing = batch.filter(
    (item) => !readings.some((r) => r.postTargetId === item.targetId) && !removed.includes(item.targetId),
  );
  await reschedule(
    missing.map((item) => item.targetId),
    new Date(now.getTime() + RETRY_MS),
    "The platform did not return this post.",
  );
}

async function failed(items: Due[], error: unknown, report: SyncReport, scope: RateScope): Promise<void> {
  const ids = items.map((item) => item.targetId);
  const first = items[0]!;
  if (error instanceof RateLimitDeferral) {
    report.deferred += ids.length;
    await reschedule(ids, error.retryAt, "Waiting for the platform's rate limit.");
    return;
  }
  const kind = isPlatformError(error) ? error.kind : "unexpected";
  const message = error instanceof Error ? error.message : String(error);
  if (kind === "rate_limited") {
    const resetAt = (isPlatformError(error) && error.details.resetAt) || new Date(Date.now() + UNKNOWN_RESET_MS);
    await holdRate(scope, resetAt).catch((holdError: unknown) =>
      console.error("[metrics] could not store a rate-limit hold", holdError),
    );
    report.deferred += ids.length;
    await reschedule(ids, resetAt, `Rate limited by the platform until ${resetAt.toISOString()}.`);
    return;
  }
  if (kind === "credits_depleted" || kind === "usage_capped") {
    // Only the operator lifts these (provider alerts tell them): an hourly look, not every few minutes.
    report.failed += ids.length;
    await reschedule(ids, new Date(Date.now() + BILLING_RETRY_MS), message.slice(0, 500));
    return;
  }
  if (kind === "expired_token") {
    if (first.account.platform === "facebook") await markPageInvalid(first.page.id);
    else await markAccountInvalid(first.account.id, message);
    report.failed += ids.length;
    await reschedule(ids, new Date(Date.now() + RETRY_MS), "The account's token has expired; reconnect it.");
    return;
  }
  if (kind === "permission" || kind === "unsupported_version") {
    report.stopped += ids.length;
    await stop(ids, message);
    return;
  }
  if (kind === "unexpected") console.error("[metrics] sync failed", error);
  report.failed += ids.length;
  await reschedule(ids, new Date(Date.now() + RETRY_MS), message.slice(0, 500));
}

async function reschedule(ids: string[], at: Date, reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(targetMetrics)
    .set({ nextSyncAt: at, lastError: reason })
    .where(and(inArray(targetMetrics.postTargetId, ids), sql`${targetMetrics.removedAt} is null`));
}

async function stop(ids: string[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(targetMetrics)
    .set({ nextSyncAt: null, lastError: reason })
    .where(inArray(targetMetrics.postTargetId, ids));
}
