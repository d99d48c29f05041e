import { describe, expect, it } from "vitest";
import { DELAY_REASONS, postDelay } from "@/lib/posts/server/delay";

const now = new Date("2026-03-10T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const due = (minutes: number) => ({ status: "scheduled" as const, scheduledAt: minutesAgo(minutes) });
const target = (overrides: Partial<Parameters<typeof postDelay>[1][number]> = {}) => ({
  status: "pending" as const,
  platform: "facebook" as const,
  errorCode: null,
  errorMessage: null,
  nextAttemptAt: null,
  ...overrides,
});

describe("postDelay", () => {
  it("is null before 5 minutes, for unscheduled posts and for settled ones", () => {
    expect(postDelay(due(4), [target()], now, false)).toBeNull();
    expect(postDelay({ status: "draft", scheduledAt: minutesAgo(60) }, [target()], now, false)).toBeNull();
    expect(postDelay({ status: "published", scheduledAt: minutesAgo(60) }, [], now, true)).toBeNull();
    expect(postDelay({ status: "failed", scheduledAt: minutesAgo(60) }, [], now, true)).toBeNull();
    expect(postDelay({ status: "scheduled", scheduledAt: null }, [target()], now, true)).toBeNull();
  });

  it("waits for the publishing service when nothing has touched the pages", () => {
    expect(postDelay(due(6), [target()], now, false)).toEqual({
      since: minutesAgo(6).toISOString(),
      reason: DELAY_REASONS.serviceDown,
      retryAt: null,
    });
    expect(postDelay(due(6), [target()], now, true)?.reason).toBe(DELAY_REASONS.notPickedUp);
  });

  it("gives the retry reason of a rate-limited or failing page, and the next attempt", () => {
    const retryAt = new Date(now.getTime() + 10 * 60_000);
    const delay = postDelay(
      due(7),
      [
        target({ status: "published" }),
        target({
          errorCode: "rate_limited",
          errorMessage: "Platform rate limit reached on Facebook. Publishing will be retried when the limit resets.",
          nextAttemptAt: retryAt,
        }),
        target({
          platform: "twitter",
          errorCode: "uncertain",
          errorMessage: "X did not answer.",
          nextAttemptAt: new Date(retryAt.getTime() + 1000),
        }),
      ],
      now,
      true,
    );
    expect(delay?.reason).toBe(
      "Platform rate limit reached on Facebook. Publishing will be retried when the limit resets. Twitter/X did not answer in time; retrying after a temporary error.",
    );
    expect(delay?.retryAt).toBe(retryAt.toISOString());
  });

  it("says when publishing has started and not finished, and when no worker is running", () => {
    const delay = postDelay(
      due(9),
      [target({ status: "publishing" }), target({ platform: "linkedin", status: "publishing" })],
      now,
      false,
    );
    expect(delay?.reason).toBe(
      `Publishing to Facebook and LinkedIn has started and not finished yet. ${DELAY_REASONS.serviceDownToo}`,
    );
  });
});
