import { and, count, eq, gte, sql, sum } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, socialAccounts, subscriptions, usageRecords } from "@/db/schema";
import { ApiError } from "@/lib/server/api/errors";
import { AI_MESSAGES } from "@/lib/ai/schemas";
import { bytesToMb } from "@/lib/billing/format";
import { SUBSCRIPTION_MESSAGES, type CheckLimitQuery, type LimitCheckResult } from "@/lib/billing/schemas";
import { tiers, type TierConfig, type TierName } from "@/lib/billing/tiers";

/**
 * Every plan limit, in one place: posts and AI requests per month, storage, social
 * accounts. Each has a `check…` (an answer for check-limit and the editor) and an `assert…` that the
 * writing path calls inside its transaction: the user's writes of that kind take turns under a
 * transaction lock, so two requests at the limit cannot both take the last unit. Limits are read
 * from the current tier each time: after a downgrade nothing is deleted, and creating more is
 * refused until usage is back under the new limit. Months are calendar months in UTC.
 */

type Executor = Transaction | typeof db;

const OK: LimitCheckResult = { allowed: true, reason: null };
const MB_BYTES = 1024 * 1024;

/**
 * The user's current tier; a user without a subscription row is on the free tier, and so is one
 * whose payment failed and whose grace period is over (the row keeps the paid tier until Stripe ends it).
 */
export async function getUserTier(userId: string, executor: Executor = db, now = new Date()): Promise<TierName> {
  const [row] = await executor
    .select({ tier: subscriptions.tier, status: subscriptions.status, graceEndsAt: subscriptions.graceEndsAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row || row.status === "cancelled") return "free";
  if (row.status === "past_due" && row.graceEndsAt && row.graceEndsAt <= now) return "free";
  return row.tier;
}

async function tierOf(userId: string, executor: Executor): Promise<TierConfig> {
  return tiers[await getUserTier(userId, executor)];
}

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** One lock per user and limit, held until the transaction ends. */
async function lockLimit(tx: Transaction, limit: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${limit}:${userId}`}))`);
}

// ---- posts per month ----

export async function countPostsThisMonth(userId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.userId, userId), gte(posts.createdAt, startOfMonthUtc())));
  return row?.total ?? 0;
}

/** Whether the plan allows another post this month (spec: check-limit?operation=createPost). */
export async function checkCreatePost(userId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(userId, executor);
  const max = tier.limits.postsPerMonth;
  if (max === -1) return OK;
  const used = await countPostsThisMonth(userId, executor);
  return used < max
    ? OK
    : {
        allowed: false,
        reason: `You have created ${used} of ${max} posts allowed this month on the ${tier.name} plan.`,
      };
}

/** Inside the transaction that inserts the post. */
export async function assertCanCreatePost(userId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "post-limit", userId);
  const { allowed } = await checkCreatePost(userId, tx);
  if (!allowed) throw new ApiError(403, "post_limit_reached", SUBSCRIPTION_MESSAGES.postLimit);
}

// ---- AI requests per month ----

export async function countAiRequestsThisMonth(userId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sum(usageRecords.quantity).mapWith(Number) })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.userId, userId),
        eq(usageRecords.kind, "ai_request"),
        gte(usageRecords.occurredAt, startOfMonthUtc()),
      ),
    );
  return row?.total ?? 0;
}

export async function checkAiRequest(userId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(userId, executor);
  const max = tier.limits.aiRequestsPerMonth;
  if (max === -1 || (await countAiRequestsThisMonth(userId, executor)) < max) return OK;
  return { allowed: false, reason: SUBSCRIPTION_MESSAGES.aiLimit(tier.name, max) };
}

/** Inside the transaction that writes the request's usage record (lib/ai/server/usage.ts). */
export async function assertCanMakeAiRequest(userId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "ai-allowance", userId);
  const { allowed } = await checkAiRequest(userId, tx);
  if (!allowed) throw new ApiError(402, "ai_quota_exceeded", AI_MESSAGES.quotaExceeded);
}

// ---- storage ----

/** Bytes the user's media take: stored minus deleted, from the usage ledger. */
export async function getStorageUsedBytes(userId: string, executor: Executor = db, before?: Date): Promise<number> {
  const [row] = await executor
    .select({
      total: sql<
        string | null
      >`sum(case when ${usageRecords.kind} = 'media_stored' then ${usageRecords.bytes} else -${usageRecords.bytes} end)`,
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.userId, userId),
        sql`${usageRecords.kind} in ('media_stored', 'media_deleted')`,
        before ? sql`${usageRecords.occurredAt} < ${before.toISOString()}` : undefined,
      ),
    );
  return Math.max(0, Number(row?.total ?? 0));
}

function storageCheck(tier: TierConfig, usedBytes: number, bytes: number): LimitCheckResult {
  const limitMB = tier.limits.storageMB;
  if (limitMB === -1) return OK;
  const leftBytes = Math.max(0, limitMB * MB_BYTES - usedBytes);
  // Over or at the limit (e.g. after a downgrade) nothing more is stored, not even an empty file.
  if (bytes <= leftBytes && leftBytes > 0) return OK;
  return { allowed: false, reason: SUBSCRIPTION_MESSAGES.storageLimit(tier.name, limitMB, bytesToMb(leftBytes)) };
}

/** Whether `bytes` more fit in the plan's storage (check-limit?operation=uploadMedia&size=). */
export async function checkUploadMedia(
  userId: string,
  bytes: number,
  executor: Executor = db,
): Promise<LimitCheckResult> {
  return storageCheck(await tierOf(userId, executor), await getStorageUsedBytes(userId, executor), bytes);
}

function throwIfRefused(check: LimitCheckResult, code: string): void {
  if (!check.allowed) throw new ApiError(403, code, check.reason ?? SUBSCRIPTION_MESSAGES.changeFailed);
}

/** Before anything is stored: refuses an upload of `bytes` that cannot fit (no lock: a first, cheap answer). */
export async function assertUploadFits(userId: string, bytes: number): Promise<void> {
  throwIfRefused(await checkUploadMedia(userId, bytes), "storage_limit_reached");
}

/**
 * Room the multipart framing around the files may take: a declared body longer than what is left
 * plus this cannot hold an upload that fits, and is refused before a byte of it is read.
 */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** The upload route's first check, on the request's declared Content-Length (absent: checked after parsing). */
export async function assertDeclaredUploadFits(userId: string, contentLength: string | null): Promise<void> {
  const declared = Number(contentLength);
  if (contentLength === null || !Number.isSafeInteger(declared) || declared <= MULTIPART_FRAMING_BYTES) return;
  throwIfRefused(await checkUploadMedia(userId, declared - MULTIPART_FRAMING_BYTES), "storage_limit_reached");
}

/** Inside the transaction that records the upload's media_stored rows: two uploads cannot both take the last MB. */
export async function assertCanStoreBytes(userId: string, bytes: number, tx: Transaction): Promise<void> {
  await lockLimit(tx, "storage-limit", userId);
  throwIfRefused(await checkUploadMedia(userId, bytes, tx), "storage_limit_reached");
}

// ---- social accounts ----

export async function checkConnectAccount(userId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(userId, executor);
  const max = tier.limits.socialAccountsMax;
  if (max === -1) return OK;
  const [row] = await executor.select({ total: count() }).from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return (row?.total ?? 0) < max ? OK : { allowed: false, reason: SUBSCRIPTION_MESSAGES.accountLimit(tier.name, max) };
}

/** Inside the transaction that inserts a new social account. */
export async function assertCanConnectAccount(userId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "account-limit", userId);
  throwIfRefused(await checkConnectAccount(userId, tx), "account_limit_reached");
}

// ---- check-limit ----

export async function checkLimit(userId: string, query: CheckLimitQuery): Promise<LimitCheckResult> {
  switch (query.operation) {
    case "createPost":
      return checkCreatePost(userId);
    case "aiRequest":
      return checkAiRequest(userId);
    case "uploadMedia":
      return checkUploadMedia(userId, query.size ?? 0);
    case "connectAccount":
      return checkConnectAccount(userId);
  }
}
