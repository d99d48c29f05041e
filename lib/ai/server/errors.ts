import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { ApiError } from "@/lib/server/api/errors";
import { AI_ERROR_MESSAGES, type AiErrorCode } from "@/lib/ai/schemas";

/**
 * Provider failures → our error shape with the contract's friendly messages and codes. Everything
 * the SDK can throw ends up as one of six codes; nothing leaks the provider's own wording.
 */

const STATUS: Record<AiErrorCode, number> = {
  ai_rate_limited: 429,
  ai_quota_exceeded: 402,
  ai_context_too_long: 413,
  ai_timeout: 504,
  ai_unavailable: 502,
  ai_error: 502,
};

export function aiError(code: AiErrorCode, headers: Record<string, string> = {}): ApiError {
  return new ApiError(STATUS[code], code, AI_ERROR_MESSAGES[code], headers);
}

/** A streamed answer that stopped arriving for longer than the timeout. */
export class AiStreamTimeoutError extends Error {
  constructor() {
    super("The AI stream went quiet for longer than the timeout");
    this.name = "AiStreamTimeoutError";
  }
}

/** The error code of a provider error body: `code`, else `type`. */
export function providerCode(error: APIError): string | undefined {
  return error.code ?? error.type ?? undefined;
}

/**
 * OpenAI's billing refusals: 429 with `type: insufficient_quota` and a `code` naming the cause.
 * None is fixed by waiting or retrying; the operator has to add credits or raise a limit. Source:
 * developers.openai.com/api/docs/guides/error-codes (429 - Credit balance exhausted, organization and
 * project spend limits, organization usage limit) and help.openai.com "Troubleshooting API usage and
 * spend limits" ("inspect error.code; error.type can still be insufficient_quota").
 */
const QUOTA_CODES: ReadonlySet<string> = new Set([
  "insufficient_quota",
  "credit_balance_exhausted",
  "organization_spend_limit_exceeded",
  "project_spend_limit_exceeded",
  "organization_usage_limit_exceeded",
]);

export function isQuotaError(error: unknown): error is APIError {
  if (!(error instanceof APIError)) return false;
  return error.type === "insufficient_quota" || (typeof error.code === "string" && QUOTA_CODES.has(error.code));
}

/** The provider does not serve the configured model (retired, or never existed). */
export function isModelNotFound(error: unknown): error is APIError {
  return error instanceof APIError && error.code === "model_not_found";
}

export function toAiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (
    error instanceof AiStreamTimeoutError ||
    error instanceof APIConnectionTimeoutError ||
    error instanceof APIUserAbortError
  ) {
    return aiError("ai_timeout");
  }
  if (error instanceof APIConnectionError) return aiError("ai_unavailable");
  if (error instanceof APIError) {
    const code = providerCode(error);
    if (isQuotaError(error)) return aiError("ai_quota_exceeded");
    if (code === "context_length_exceeded" || code === "string_above_max_length") return aiError("ai_context_too_long");
    if (error.status === 429 || code === "rate_limit_exceeded") {
      const retryAfter = error.headers?.get("retry-after");
      return aiError("ai_rate_limited", retryAfter && /^\d+$/.test(retryAfter) ? { "Retry-After": retryAfter } : {});
    }
    if (error.status === 413) return aiError("ai_context_too_long");
    if ((typeof error.status === "number" && error.status >= 500) || code === "server_error")
      return aiError("ai_unavailable");
    console.error(`[ai] provider refused the request (${error.status ?? "no status"} ${code ?? ""})`, error.message);
    return aiError("ai_error");
  }
  if (error instanceof Error && error.name === "AbortError") return aiError("ai_timeout");
  console.error("[ai] unexpected failure", error);
  return aiError("ai_error");
}
