import { describe, expect, it } from "vitest";
import { followersText, totalFollowers } from "@/lib/social/followers";

/** A follower figure a platform does not give is not available, never 0 (a LinkedIn member's). */

describe("follower figures", () => {
  it("are worded as a count, or as not available", () => {
    expect(followersText(1)).toBe("1 follower");
    expect(followersText(0)).toBe("0 followers");
    expect(followersText(12_300)).toBe("12.3K followers");
    expect(followersText(null)).toBe("followers not available");
  });

  it("total what the pages give: nothing to count is 0, nothing given is not available", () => {
    expect(totalFollowers([])).toBe(0);
    expect(totalFollowers([null])).toBeNull();
    expect(totalFollowers([100, null, 0])).toBe(100);
    expect(totalFollowers([0, null])).toBe(0);
  });
});
