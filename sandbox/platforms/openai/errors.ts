import { randomBytes } from "node:crypto";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import type { OpenAIFault, QuotaCode } from "./state";

/**
 * OpenAI's answers when something is wrong, word for word: the SDK builds its error classes from
 * the status and reads `code`, `type` and `param` from the `error` object, and apps branch on them.
 */

export interface OpenAIErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** Every OpenAI answer names its request; the SDK exposes it as `error.requestID`. */
export function requestIdHeader(): Record<string, string> {
  return { "x-request-id": `req_${randomBytes(16).toString("hex")}` };
}

export function openaiError(status: number, error: OpenAIErrorBody, headers: Record<string, string> = {}) {
  return json(status, { error }, { ...requestIdHeader(), ...headers });
}

export const invalidRequest = (message: string, param: string | null = null, code: string | null = null) =>
  openaiError(400, { message, type: "invalid_request_error", param, code });

const NO_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth " +
  "(i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the " +
  "API from your browser and are prompted for a username. You can obtain an API key from " +
  "https://platform.openai.com/account/api-keys.";

/** Keys starting with this are refused, so a test can play a revoked or mistyped key. */
export const REJECTED_KEY_PREFIX = "sk-invalid";

/** Any non-empty Bearer key is accepted (the sandbox has no accounts); null = go on. */
export function checkApiKey(ctx: RequestContext): SandboxResponse | null {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(ctx.headers.authorization ?? "")?.[1];
  const unauthorized = (message: string) =>
    openaiError(401, { message, type: "invalid_request_error", param: null, code: "invalid_api_key" });
  if (!key) return unauthorized(NO_KEY);
  if (key.startsWith(REJECTED_KEY_PREFIX)) {
    const masked = `${key.slice(0, 8)}${"*".repeat(Math.max(key.length - 12, 4))}${key.slice(-4)}`;
    return unauthorized(
      `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    );
  }
  return null;
}

export function rateLimited(model: string, fault: OpenAIFault): SandboxResponse {
  const wait = fault.retryAfterSeconds;
  return openaiError(
    429,
    {
      message:
        `Rate limit reached for ${model} in organization org-sandbox on requests per min (RPM): Limit 3, Used 3, ` +
        `Requested 1. Please try again in ${wait}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
      type: "requests",
      param: null,
      code: "rate_limit_exceeded",
    },
    {
      "retry-after": String(wait),
      "x-ratelimit-limit-requests": "3",
      "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-reset-requests": `${wait}s`,
    },
  );
}

export const insufficientQuota = (code: QuotaCode = "insufficient_quota") =>
  openaiError(429, {
    message:
      "You exceeded your current quota, please check your plan and billing details. For more information on this " +
      "error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    type: "insufficient_quota",
    param: null,
    code,
  });

/** A model that does not exist, or no longer does (past its shutdown date), on chat completions. */
export const modelNotFound = (model: string) =>
  openaiError(404, {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: "invalid_request_error",
    param: null,
    code: "model_not_found",
  });

/** The same on GET /v1/models/{model}. */
export const modelNotFoundOnRetrieve = (model: string) =>
  openaiError(404, {
    message: `The model '${model}' does not exist`,
    type: "invalid_request_error",
    param: "model",
    code: "model_not_found",
  });

export const serverError = () =>
  openaiError(500, {
    message: "The server had an error while processing your request. Sorry about that!",
    type: "server_error",
    param: null,
    code: null,
  });

/** OpenAI's two wordings: with a completion budget it splits the total, without it names the messages only. */
export function contextLengthExceeded(limit: number, prompt: number, maxTokens: number | null): SandboxResponse {
  const message =
    maxTokens === null
      ? `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${prompt} tokens. ` +
        "Please reduce the length of the messages."
      : `This model's maximum context length is ${limit} tokens. However, you requested ${prompt + maxTokens} tokens ` +
        `(${prompt} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`;
  return invalidRequest(message, "messages", "context_length_exceeded");
}

/** What api.openai.com says for a path it does not serve. */
export function invalidUrl(ctx: RequestContext): SandboxResponse {
  const path = ctx.url.pathname.replace(/^\/openai/, "");
  return openaiError(404, {
    message: `Invalid URL (${ctx.method} ${path})`,
    type: "invalid_request_error",
    param: null,
    code: null,
  });
}
