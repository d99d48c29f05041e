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
import { network } from "@/lib/networks";
import { acquireRateUnder, holdRate, RateLimitDeferral, type RateScope } from "@/lib/publishing/server/rate-limit";
import { env } from "@/lib/server/env";
import {
  fetchMetrics,
  isPlatformError,
  platformModule,
  type MetricsResult,
  type RateLimitRule,
} from "@/lib/networks/server";
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
 * The read limits the sync keeps per account, and per app where the network counts those too:
 * each network's `metrics` names them (lib/networks/<network>/server/metrics.ts, with sources).
 */
export function metricsRateRules(platform: ConnectablePlatform): RateLimitRule[] {
  return platformModule(platform).metrics.rateRules();
}

export function metricsAppRateRules(platform: ConnectablePlatform): RateLimitRule[] {
  return platformModule(platform).metrics.appRateRules?.() ?? [];
}

/** One scope per network for the reads of every account together. */
export const metricsAppScope = (platform: ConnectablePlatform): RateScope => ({ platform, account: "app:metrics" });

/**
 * Reads that share the page's limit with publishing (Facebook's) are counted in publishing's scope;
 * the others have one of their own.
 */
export function metricsRateScope(platform: ConnectablePlatform, pageId: string): RateScope {
  return { platform, account: platformModule(platform).metrics.sharesPublishingLimit ? pageId : `${pageId}:metrics` };
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
  const unreadable = platformModule(platform).metrics.unreadable?.(first.account.scopes) ?? null;
  if (unreadable) {
    report.stopped += items.length;
    await stop(
      items.map((item) => item.targetId),
      unreadable,
    );
    return;
  }
  const scope = metricsRateScope(platform, first.page.pageId);
  const limits: [RateScope, RateLimitRule[]][] = [[scope, metricsRateRules(platform)]];
  const appRules = metricsAppRateRules(platform);
  if (appRules.length > 0) limits.push([metricsAppScope(platform), appRules]);
  // The account's window first, then the app's: a call takes a slot in both or is deferred (a slot
  // taken in the account's window when the app's is full is one call the account does not make).
  const beforeRequest = async (calls = 1) => {
    for (const [limitScope, rules] of limits) {
      const decision = await acquireRateUnder(limitScope, rules, calls);
      if (!decision.allowed) throw new RateLimitDeferral(decision.retryAt, decision.held);
    }
  };
  const size = platformModule(platform).metrics.batch;
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
    if (network(first.account.platform as ConnectablePlatform).publishesAs === "pages")
      await markPageInvalid(first.page.id);
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
