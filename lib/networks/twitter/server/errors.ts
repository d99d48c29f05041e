import { PlatformError } from "@/lib/networks/server/errors";
import { asRecord, asString, onOurClock, type PlatformResponse } from "@/lib/networks/server/http";
import { isCreditsDepleted, isUsageCapped } from "./billing";

/** X answers problem JSON (`{ title, detail, status }`) or `{ errors: [...] }`; both are read. */
export function twitterError(response: PlatformResponse): PlatformError {
  const body = asRecord(response.body);
  const firstError = asRecord(Array.isArray(body.errors) ? body.errors[0] : undefined);
  const message =
    asString(body.detail) ??
    asString(firstError.message) ??
    asString(body.error_description) ??
    asString(body.title) ??
    `X answered HTTP ${response.status}`;
  const details = { status: response.status, code: asString(body.error) ?? undefined };
  if (
    response.status === 401 ||
    body.error === "invalid_grant" ||
    (body.error === "invalid_request" && /token/i.test(message))
  )
    return new PlatformError("expired_token", message, details);
  if (isCreditsDepleted(response))
    return new PlatformError("credits_depleted", message, { ...details, code: "CreditsDepleted" });
  // A monthly cap does not lift with the 15-minute window the answer's headers may name.
  if (isUsageCapped(response))
    return new PlatformError("usage_capped", message, { ...details, code: "UsageCapExceeded" });
  if (response.status === 429)
    return new PlatformError("rate_limited", message, { ...details, resetAt: rateLimitReset(response.headers) });
  if (response.status === 403 && /duplicate/i.test(message)) return new PlatformError("duplicate", message, details);
  if (response.status === 403) return new PlatformError("permission", message, details);
  if (response.status >= 500) return new PlatformError("transient", message, details);
  return new PlatformError("invalid_request", message, details);
}

/**
 * When an exhausted limit resets (Unix seconds): the 15-minute window's, or a spent 24-hour
 * user/app allowance's when that is the one at zero, whichever is later.
 */
function rateLimitReset(headers: Headers): Date | undefined {
  const resets = ["x-rate-limit", "x-user-limit-24hour", "x-app-limit-24hour"]
    .filter((name) => name === "x-rate-limit" || headers.get(`${name}-remaining`) === "0")
    .map((name) => Number(headers.get(`${name}-reset`)))
    .filter((reset) => reset > 0);
  // X's reset is on X's clock: read against its Date, so a skewed clock here never retries early.
  return resets.length ? onOurClock(Math.max(...resets) * 1000, headers) : undefined;
}
