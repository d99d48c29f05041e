import { describe, expect, it } from "vitest";
import { PROCESSING_GIVE_UP_MS, processingVerdict } from "@/lib/publishing/server/processing";

const now = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe("a video still processing", () => {
  it("is looked at when the platform module asks while it is young", () => {
    const asked = new Date(now.getTime() + 3_000);
    expect(processingVerdict(ago(20_000), asked, now)).toEqual({ giveUp: false, nextAttemptAt: asked });
  });

  it("is looked at a minute later when the module names no time", () => {
    expect(processingVerdict(ago(1_000), undefined, now)).toEqual({
      giveUp: false,
      nextAttemptAt: new Date(now.getTime() + MINUTE),
    });
  });

  it("is looked at less often as it ages: a tenth of its age, at most every 15 minutes", () => {
    const asked = new Date(now.getTime() + MINUTE);
    expect(processingVerdict(ago(30 * MINUTE), asked, now)).toEqual({
      giveUp: false,
      nextAttemptAt: new Date(now.getTime() + 3 * MINUTE),
    });
    expect(processingVerdict(ago(5 * 60 * MINUTE), asked, now)).toEqual({
      giveUp: false,
      nextAttemptAt: new Date(now.getTime() + 15 * MINUTE),
    });
  });

  it("is given up on after six hours", () => {
    expect(PROCESSING_GIVE_UP_MS).toBe(6 * 60 * MINUTE);
    expect(processingVerdict(ago(PROCESSING_GIVE_UP_MS), undefined, now)).toEqual({ giveUp: true });
    expect(processingVerdict(ago(PROCESSING_GIVE_UP_MS - 1), undefined, now)).toMatchObject({ giveUp: false });
  });

  it("without a send time counts as young", () => {
    expect(processingVerdict(null, undefined, now)).toMatchObject({ giveUp: false });
  });
});
