import { PlatformError } from "@/lib/networks/server/errors";
import {
  asNumber,
  asRecord,
  asString,
  onOurClock,
  platformNow,
  type PlatformResponse,
} from "@/lib/networks/server/http";
import { endpoints } from "./endpoints";

/** The post a 422 DUPLICATE_POST names: "…Content is a duplicate of urn:li:share:7141138937766391808". */
export function duplicateOf(message: string): string | undefined {
  return /duplicate of (urn:li:(?:share|ugcPost):\d+)/i.exec(message)?.[1];
}

/** The next 00:00 UTC after `now`, when LinkedIn's daily limits reset. */
export function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export function linkedinError(response: PlatformResponse): PlatformError {
  const body = asRecord(response.body);
  const message =
    asString(body.message) ?? asString(body.error_description) ?? `LinkedIn answered HTTP ${response.status}`;
  const details = {
    status: response.status,
    code: asNumber(body.serviceErrorCode) ?? asString(body.error) ?? undefined,
  };
  if (response.status === 401 || body.error === "invalid_grant")
    return new PlatformError("expired_token", message, details);
  // LinkedIn sends no reset time, and its limits are daily, reset at midnight UTC
  // (learn.microsoft.com/linkedin/shared/api-guide/concepts/rate-limits): retrying sooner only fails again.
  // Midnight by LinkedIn's clock (its Date), however far ours is off.
  if (response.status === 429) {
    const midnight = nextUtcMidnight(platformNow(response.headers));
    return new PlatformError("rate_limited", message, {
      ...details,
      resetAt: onOurClock(midnight.getTime(), response.headers),
    });
  }
  if (response.status === 426)
    return new PlatformError(
      "unsupported_version",
      `LinkedIn no longer serves API version ${endpoints.version} (${message}). The operator must set LINKEDIN_API_VERSION to a current version.`,
      details,
    );
  if (response.status === 422 && /duplicate/i.test(JSON.stringify(body)))
    return new PlatformError("duplicate", message, { ...details, existingPostId: duplicateOf(message) });
  if (response.status === 403) return new PlatformError("permission", message, details);
  if (response.status >= 500) return new PlatformError("transient", message, details);
  return new PlatformError("invalid_request", message, details);
}
