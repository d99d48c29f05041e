import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/api/errors";
import { AiStreamTimeoutError, toAiError } from "@/lib/ai/server/errors";
import { AI_MESSAGES } from "@/lib/ai/schemas";

/** An SDK error as the SDK builds it from a provider's answer. */
const providerError = (
  status: number,
  error: { code: string | null; type: string; message?: string },
  headers?: Record<string, string>,
) =>
  APIError.generate(
    status,
    { error: { message: error.message ?? "provider says no", param: null, ...error } },
    undefined,
    new Headers(headers),
  );

describe("toAiError: provider failures → the contract's codes and friendly messages", () => {
  it.each([
    "insufficient_quota",
    "credit_balance_exhausted",
    "organization_spend_limit_exceeded",
    "project_spend_limit_exceeded",
    "organization_usage_limit_exceeded",
  ])("429 type insufficient_quota with code %s is the quota, not a rate limit", (code) => {
    const error = toAiError(providerError(429, { code, type: "insufficient_quota" }));
    expect(error).toMatchObject({ status: 402, code: "ai_quota_exceeded", message: AI_MESSAGES.quotaExceeded });
    expect(error.headers).toEqual({});
  });

  it.each([
    [
      "429 rate_limit_exceeded",
      providerError(429, { code: "rate_limit_exceeded", type: "requests" }),
      429,
      "ai_rate_limited",
      AI_MESSAGES.rateLimited,
    ],
    [
      "429 insufficient_quota",
      providerError(429, { code: "insufficient_quota", type: "insufficient_quota" }),
      402,
      "ai_quota_exceeded",
      AI_MESSAGES.quotaExceeded,
    ],
    [
      "400 context_length_exceeded",
      providerError(400, { code: "context_length_exceeded", type: "invalid_request_error" }),
      413,
      "ai_context_too_long",
      AI_MESSAGES.contextTooLong,
    ],
    ["a connection timeout", new APIConnectionTimeoutError(), 504, "ai_timeout", AI_MESSAGES.timeout],
    ["an aborted request", new APIUserAbortError(), 504, "ai_timeout", AI_MESSAGES.timeout],
    ["a stalled stream", new AiStreamTimeoutError(), 504, "ai_timeout", AI_MESSAGES.timeout],
    [
      "a connection error",
      new APIConnectionError({ message: "ECONNREFUSED" }),
      502,
      "ai_unavailable",
      AI_MESSAGES.network,
    ],
    ["500", providerError(500, { code: null, type: "server_error" }), 502, "ai_unavailable", AI_MESSAGES.network],
    ["503", providerError(503, { code: null, type: "server_error" }), 502, "ai_unavailable", AI_MESSAGES.network],
    // What the SDK throws for an error event inside a stream: an APIError without a status.
    [
      "a mid-stream rate limit",
      new APIError(
        undefined,
        { code: "rate_limit_exceeded", type: "requests", message: "slow down" },
        undefined,
        undefined,
      ),
      429,
      "ai_rate_limited",
      AI_MESSAGES.rateLimited,
    ],
    [
      "401 invalid key",
      providerError(401, { code: "invalid_api_key", type: "invalid_request_error" }),
      502,
      "ai_error",
      AI_MESSAGES.generic,
    ],
    ["anything else", new Error("boom"), 502, "ai_error", AI_MESSAGES.generic],
  ])("%s", (_name, error, status, code, message) => {
    const mapped = toAiError(error);
    expect(mapped).toBeInstanceOf(ApiError);
    expect({ status: mapped.status, code: mapped.code, message: mapped.message }).toEqual({ status, code, message });
  });

  it("passes on the provider's Retry-After and leaves our own errors alone", () => {
    expect(
      toAiError(providerError(429, { code: "rate_limit_exceeded", type: "requests" }, { "retry-after": "7" })).headers,
    ).toEqual({ "Retry-After": "7" });
    const own = new ApiError(404, "not_found", AI_MESSAGES.chatNotFound);
    expect(toAiError(own)).toBe(own);
  });
});
