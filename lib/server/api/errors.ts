/**
 * Errors a route handler may throw on purpose. The route wrapper turns each into the one JSON error
 * shape `{ success: false, error, code }`; anything else is logged and answered with a generic 500.
 */
export type ApiErrorCode =
  | "bad_request"
  | "invalid_json"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "rate_limited"
  | "internal_error"
  | (string & {});

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, code: ApiErrorCode = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);
export const forbidden = (message: string) => new ApiError(403, "forbidden", message);
/** Also the answer for another user's resource: it must look exactly like a missing one. */
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const conflict = (message: string, code: ApiErrorCode = "conflict") => new ApiError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", "Too many requests", { "Retry-After": String(Math.max(1, retryAfterSeconds)) });
