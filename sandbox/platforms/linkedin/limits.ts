import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import { defineSlice, type IssuedToken } from "../../state";

/**
 * LinkedIn's daily limits: per resource, one count per member per application and one per
 * application, reset at midnight UTC (learn.microsoft.com/linkedin/shared/api-guide/concepts/rate-limits).
 * The numbers are not published (each app sees its own in the Developer Portal); creating posts is
 * held to the figure cited for it, 150 a day per member (Ayrshare's LinkedIn guide), and 100,000 a
 * day per application. A call past a limit gets 429 with no reset or Retry-After header (LinkedIn
 * sends none) and is not counted. Days are UTC days of the sandbox clock.
 */

export const LINKEDIN_DAILY_LIMITS = {
  "posts.create": { member: 150, application: 100_000 },
} as const;
export type LinkedInResource = keyof typeof LINKEDIN_DAILY_LIMITS;

export const linkedinLimitsState = defineSlice<{ day: string; counts: Map<string, number> }>(
  "linkedinLimits",
  () => ({ day: "", counts: new Map() }),
  (state) => ({ day: state.day, counts: Object.fromEntries(state.counts) }),
);

/** LinkedIn's answer to a throttled call; `scope` says which count ran out. */
export const throttled = (scope: "MEMBER" | "APPLICATION") =>
  json(429, {
    status: 429,
    serviceErrorCode: 101,
    code: "TOO_MANY_REQUESTS",
    message: `Resource level throttle ${scope} DAY limit for calls to this resource is reached.`,
  });

/** Runs `handle` if the member and the application still have calls left today for `resource`, and counts it. */
export async function withLinkedInDailyLimit(
  ctx: RequestContext,
  resource: LinkedInResource,
  token: IssuedToken,
  handle: () => SandboxResponse | Promise<SandboxResponse>,
): Promise<SandboxResponse> {
  const state = ctx.store.slice(linkedinLimitsState);
  const today = new Date(ctx.store.now()).toISOString().slice(0, 10);
  // Midnight UTC passed: every count starts again.
  if (state.day !== today) {
    state.day = today;
    state.counts.clear();
  }
  const limits = LINKEDIN_DAILY_LIMITS[resource];
  const memberKey = `${resource} member:${token.clientId}:${token.subject}`;
  const appKey = `${resource} application:${token.clientId}`;
  if ((state.counts.get(appKey) ?? 0) >= limits.application) return throttled("APPLICATION");
  if ((state.counts.get(memberKey) ?? 0) >= limits.member) return throttled("MEMBER");
  for (const key of [memberKey, appKey]) state.counts.set(key, (state.counts.get(key) ?? 0) + 1);
  return handle();
}
