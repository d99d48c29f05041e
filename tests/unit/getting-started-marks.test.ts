import { describe, expect, it } from "vitest";
import {
  NO_MARKS,
  gettingStartedCookieName,
  parseGettingStartedMarks,
  serializeGettingStartedMarks,
} from "@/lib/onboarding/getting-started-marks";

describe("the getting-started checklist's cookie", () => {
  it("round-trips every combination of marks", () => {
    for (const dismissed of [false, true])
      for (const analyticsSeen of [false, true]) {
        const marks = { dismissed, analyticsSeen };
        expect(parseGettingStartedMarks(serializeGettingStartedMarks(marks))).toEqual(marks);
      }
  });

  it("reads a missing or foreign value as no marks", () => {
    expect(parseGettingStartedMarks(undefined)).toEqual(NO_MARKS);
    expect(parseGettingStartedMarks("")).toEqual(NO_MARKS);
    expect(parseGettingStartedMarks("-")).toEqual(NO_MARKS);
    expect(parseGettingStartedMarks("%7B%7D")).toEqual(NO_MARKS);
  });

  it("is one cookie per user, with a value a cookie can carry as is", () => {
    expect(gettingStartedCookieName("u1")).not.toBe(gettingStartedCookieName("u2"));
    expect(serializeGettingStartedMarks({ dismissed: true, analyticsSeen: true })).toMatch(/^[a-z-]+$/);
  });
});
