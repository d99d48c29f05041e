import { eq } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { usageRecords } from "@/db/schema";
import { assertCanMakeAiRequest } from "@/lib/billing/server/limits";
import { PROMPT_VERSION } from "./prompts";

/**
 * The AI allowance: every AI call (model or offline writer) is one `ai_request` usage record with
 * its tokens, and a plan's aiRequestsPerMonth caps how many a workspace makes in a calendar month (UTC),
 * the same window as the monthly post limit.
 *
 * A call takes its request before it starts (reserveAiRequest): the record is written at once,
 * under a per-workspace lock, so requests sent together at the limit cannot all pass the check while
 * the model is still answering the first. The call then fills the record in (recordAiUsage with
 * the reservation) or gives it back when it spent nothing (releaseAiRequest). A process that dies
 * in between leaves the request counted.
 */

export type AiOperation = "chat" | "generate_post" | "enhance" | "share_message" | "summarize_twitter";

export interface AiUsage {
  operation: AiOperation;
  model: string;
  tokensIn: number;
  tokensOut: number;
  offline: boolean;
  /** Where the call came from when it was not a user's request (e.g. "publish"). */
  source?: string;
  /** Further metadata (e.g. the post a publishing call was for). */
  details?: Record<string, unknown>;
  /** Requests it counts against the plan's allowance: 1, or 0 for an answer that failed midway (its tokens still cost). */
  quantity?: 0 | 1;
  /** The record taken before the call, filled in instead of writing a new one. */
  reservation?: AiReservation;
}

export interface AiReservation {
  readonly workspaceId: string;
  readonly id: string;
  /** Filled in by recordAiUsage: no longer to be given back. */
  settled: boolean;
}

/**
 * Takes one request of the plan's allowance for `operation`, or throws 402 ai_quota_exceeded when
 * the month's are used up. Every path of the call must end in recordAiUsage or releaseAiRequest.
 */
export async function reserveAiRequest(workspaceId: string, operation: AiOperation): Promise<AiReservation> {
  const id = await db.transaction(async (tx) => {
    await assertCanMakeAiRequest(workspaceId, tx);
    const [row] = await tx
      .insert(usageRecords)
      .values({ workspaceId, kind: "ai_request", quantity: 1, metadata: { operation, reserved: true } })
      .returning({ id: usageRecords.id });
    return row!.id;
  });
  return { workspaceId, id, settled: false };
}

/** Gives back a request the call did not use (it failed before an answer, or fell back). */
export async function releaseAiRequest(reservation: AiReservation): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  await db
    .delete(usageRecords)
    .where(eq(usageRecords.id, reservation.id))
    .catch((error: unknown) => console.error("[ai] could not give back an AI request", error));
}

/** Runs `call` with one request reserved, given back unless the call recorded its usage. */
export async function withAiRequest<T>(
  workspaceId: string,
  operation: AiOperation,
  call: (reservation: AiReservation) => Promise<T>,
): Promise<T> {
  const reservation = await reserveAiRequest(workspaceId, operation);
  try {
    return await call(reservation);
  } finally {
    await releaseAiRequest(reservation);
  }
}

/** One `ai_request` row (the call's reservation, filled in, when it has one); returns its id. */
export async function recordAiUsage(
  workspaceId: string,
  usage: AiUsage,
  executor: Transaction | typeof db = db,
): Promise<string> {
  const values = {
    quantity: usage.quantity ?? 1,
    tokensIn: usage.tokensIn,
    tokensOut: usage.tokensOut,
    metadata: {
      operation: usage.operation,
      model: usage.model,
      promptVersion: PROMPT_VERSION,
      offline: usage.offline,
      ...(usage.source ? { source: usage.source } : {}),
      ...usage.details,
    },
  };
  const reservation = usage.reservation?.settled === false ? usage.reservation : undefined;
  const [row] = reservation
    ? await executor
        .update(usageRecords)
        .set(values)
        .where(eq(usageRecords.id, reservation.id))
        .returning({ id: usageRecords.id })
    : await executor
        .insert(usageRecords)
        .values({ workspaceId, kind: "ai_request", ...values })
        .returning({ id: usageRecords.id });
  if (reservation) reservation.settled = true;
  return row!.id;
}
