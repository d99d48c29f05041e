import { and, count, eq, gt, gte, isNull, sql, sum } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { socialAccounts, subscriptions, usageRecords, workspaceInvitations, workspaceMembers } from "@/db/schema";
import { ApiError } from "@/lib/server/api/errors";
import { AI_MESSAGES } from "@/lib/ai/schemas";
import { bytesToMb } from "@/lib/billing/format";
import { SUBSCRIPTION_MESSAGES, type CheckLimitQuery, type LimitCheckResult } from "@/lib/billing/schemas";
import { tiers, type TierConfig, type TierName } from "@/lib/billing/tiers";
import { TEAM_MESSAGES } from "@/lib/workspaces/schemas";

/**
 * Every plan limit, in one place: posts and AI requests per month, storage, social
 * accounts. Each has a `check…` (an answer for check-limit and the editor) and an `assert…` that the
 * writing path calls inside its transaction: the workspace's writes of that kind take turns under a
 * transaction lock, so two requests at the limit cannot both take the last unit. Limits are read
 * from the current tier each time: after a downgrade nothing is deleted, and creating more is
 * refused until usage is back under the new limit. Months are calendar months in UTC.
 */

type Executor = Transaction | typeof db;

const OK: LimitCheckResult = { allowed: true, reason: null };
const MB_BYTES = 1024 * 1024;

/**
 * The workspace's current tier; a workspace without a subscription row is on the free tier, and so is one
 * whose payment failed and whose grace period is over (the row keeps the paid tier until Stripe ends it).
 */
export async function getUserTier(workspaceId: string, executor: Executor = db, now = new Date()): Promise<TierName> {
  const [row] = await executor
    .select({ tier: subscriptions.tier, status: subscriptions.status, graceEndsAt: subscriptions.graceEndsAt })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  if (!row || row.status === "cancelled") return "free";
  if (row.status === "past_due" && row.graceEndsAt && row.graceEndsAt <= now) return "free";
  return row.tier;
}

async function tierOf(workspaceId: string, executor: Executor): Promise<TierConfig> {
  return tiers[await getUserTier(workspaceId, executor)];
}

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** One lock per user and limit, held until the transaction ends. */
async function lockLimit(tx: Transaction, limit: string, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${limit}:${workspaceId}`}))`);
}

// ---- posts per month ----

/**
 * Posts created this month, whatever happened to them since: the ledger's `post_created` records
 * (written with each post, lib/posts/server/service.ts), which deleting a post leaves in place, so
 * publishing and deleting never gives an allowance back. Billing's meter, Usage History and the
 * editor's limit all read this figure.
 */
export async function countPostsThisMonth(workspaceId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.workspaceId, workspaceId),
        eq(usageRecords.kind, "post_created"),
        gte(usageRecords.occurredAt, startOfMonthUtc()),
      ),
    );
  return row?.total ?? 0;
}

/** Whether the plan allows another post this month (spec: check-limit?operation=createPost). */
export async function checkCreatePost(workspaceId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(workspaceId, executor);
  const max = tier.limits.postsPerMonth;
  if (max === -1) return OK;
  const used = await countPostsThisMonth(workspaceId, executor);
  return used < max
    ? OK
    : {
        allowed: false,
        reason: `You have created ${used} of ${max} posts allowed this month on the ${tier.name} plan.`,
      };
}

/** Inside the transaction that inserts the post. */
export async function assertCanCreatePost(workspaceId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "post-limit", workspaceId);
  const { allowed } = await checkCreatePost(workspaceId, tx);
  if (!allowed) throw new ApiError(403, "post_limit_reached", SUBSCRIPTION_MESSAGES.postLimit);
}

// ---- AI requests per month ----

export async function countAiRequestsThisMonth(workspaceId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ total: sum(usageRecords.quantity).mapWith(Number) })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.workspaceId, workspaceId),
        eq(usageRecords.kind, "ai_request"),
        gte(usageRecords.occurredAt, startOfMonthUtc()),
      ),
    );
  return row?.total ?? 0;
}

export async function checkAiRequest(workspaceId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(workspaceId, executor);
  const max = tier.limits.aiRequestsPerMonth;
  if (max === -1 || (await countAiRequestsThisMonth(workspaceId, executor)) < max) return OK;
  return { allowed: false, reason: SUBSCRIPTION_MESSAGES.aiLimit(tier.name, max) };
}

/** Inside the transaction that writes the request's usage record (lib/ai/server/usage.ts). */
export async function assertCanMakeAiRequest(workspaceId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "ai-allowance", workspaceId);
  const { allowed } = await checkAiRequest(workspaceId, tx);
  if (!allowed) throw new ApiError(402, "ai_quota_exceeded", AI_MESSAGES.quotaExceeded);
}

// ---- storage ----

/** Bytes the workspace's media take: stored minus deleted, from the usage ledger. */
export async function getStorageUsedBytes(
  workspaceId: string,
  executor: Executor = db,
  before?: Date,
): Promise<number> {
  const [row] = await executor
    .select({
      total: sql<
        string | null
      >`sum(case when ${usageRecords.kind} = 'media_stored' then ${usageRecords.bytes} else -${usageRecords.bytes} end)`,
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.workspaceId, workspaceId),
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
  workspaceId: string,
  bytes: number,
  executor: Executor = db,
): Promise<LimitCheckResult> {
  return storageCheck(await tierOf(workspaceId, executor), await getStorageUsedBytes(workspaceId, executor), bytes);
}

function throwIfRefused(check: LimitCheckResult, code: string): void {
  if (!check.allowed) throw new ApiError(403, code, check.reason ?? SUBSCRIPTION_MESSAGES.changeFailed);
}

/** Before anything is stored: refuses an upload of `bytes` that cannot fit (no lock: a first, cheap answer). */
export async function assertUploadFits(workspaceId: string, bytes: number): Promise<void> {
  throwIfRefused(await checkUploadMedia(workspaceId, bytes), "storage_limit_reached");
}

/**
 * Room the multipart framing around the files may take: a declared body longer than what is left
 * plus this cannot hold an upload that fits, and is refused before a byte of it is read.
 */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** The upload route's first check, on the request's declared Content-Length (absent: checked after parsing). */
export async function assertDeclaredUploadFits(workspaceId: string, contentLength: string | null): Promise<void> {
  const declared = Number(contentLength);
  if (contentLength === null || !Number.isSafeInteger(declared) || declared <= MULTIPART_FRAMING_BYTES) return;
  throwIfRefused(await checkUploadMedia(workspaceId, declared - MULTIPART_FRAMING_BYTES), "storage_limit_reached");
}

/** Inside the transaction that records the upload's media_stored rows: two uploads cannot both take the last MB. */
export async function assertCanStoreBytes(workspaceId: string, bytes: number, tx: Transaction): Promise<void> {
  await lockLimit(tx, "storage-limit", workspaceId);
  throwIfRefused(await checkUploadMedia(workspaceId, bytes, tx), "storage_limit_reached");
}

// ---- social accounts ----

export async function checkConnectAccount(workspaceId: string, executor: Executor = db): Promise<LimitCheckResult> {
  const tier = await tierOf(workspaceId, executor);
  const max = tier.limits.socialAccountsMax;
  if (max === -1) return OK;
  const [row] = await executor
    .select({ total: count() })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  return (row?.total ?? 0) < max ? OK : { allowed: false, reason: SUBSCRIPTION_MESSAGES.accountLimit(tier.name, max) };
}

/** Inside the transaction that inserts a new social account. */
export async function assertCanConnectAccount(workspaceId: string, tx: Transaction): Promise<void> {
  await lockLimit(tx, "account-limit", workspaceId);
  throwIfRefused(await checkConnectAccount(workspaceId, tx), "account_limit_reached");
}

// ---- team members ----

/** Invitations that still hold a seat: neither accepted nor revoked, and not expired. */
export const pendingInvitation = and(
  isNull(workspaceInvitations.acceptedAt),
  isNull(workspaceInvitations.revokedAt),
  gt(workspaceInvitations.expiresAt, sql`now()`),
);

/** The workspace's seats: members plus pending invitations (the plan's `teamMembers` counts both). */
export async function countTeamSeats(workspaceId: string, executor: Executor = db) {
  const [[members], [pending]] = await Promise.all([
    executor.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId)),
    executor
      .select({ total: count() })
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingInvitation)),
  ]);
  return { members: members?.total ?? 0, pending: pending?.total ?? 0 };
}

/**
 * Refuses (402, naming the plan's limit) a seat more than the plan has: inviting counts members and
 * pending invitations; accepting counts members only, its invitation's seat being the one it takes.
 * The caller holds the workspace's row lock (lib/workspaces/server/team-lock.ts), so two invitations
 * cannot both take the last seat.
 */
export async function assertTeamSeat(
  workspaceId: string,
  tx: Transaction,
  counting: "members-and-pending" | "members",
): Promise<void> {
  const tier = await tierOf(workspaceId, tx);
  const max = tier.limits.teamMembers;
  if (max === -1) return;
  const seats = await countTeamSeats(workspaceId, tx);
  const used = seats.members + (counting === "members" ? 0 : seats.pending);
  if (used >= max) throw new ApiError(402, "team_limit_reached", TEAM_MESSAGES.teamLimit(tier.name, max));
}

// ---- check-limit ----

export async function checkLimit(workspaceId: string, query: CheckLimitQuery): Promise<LimitCheckResult> {
  switch (query.operation) {
    case "createPost":
      return checkCreatePost(workspaceId);
    case "aiRequest":
      return checkAiRequest(workspaceId);
    case "uploadMedia":
      return checkUploadMedia(workspaceId, query.size ?? 0);
    case "connectAccount":
      return checkConnectAccount(workspaceId);
  }
}
