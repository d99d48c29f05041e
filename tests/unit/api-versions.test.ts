import { describe, expect, it } from "vitest";
import {
  DEFAULT_GRAPH_VERSION,
  DEFAULT_LINKEDIN_VERSION,
  isLiveLinkedinVersion,
  LINKEDIN_VERSIONS,
  linkedinSunset,
  versionWarnings,
} from "@/lib/networks/server/api-versions";

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("platform API versions", () => {
  it("the defaults have no warning today", () => {
    expect(
      versionWarnings({ facebook: DEFAULT_GRAPH_VERSION, linkedin: DEFAULT_LINKEDIN_VERSION }, at("2026-11-25")),
    ).toEqual([]);
  });

  it("warns 60 days before a version's sunset, with the setting to change", () => {
    const warnings = versionWarnings({ facebook: "v21.0", linkedin: "202603" }, at("2026-11-25"));
    expect(warnings).toEqual([
      expect.objectContaining({
        platform: "facebook",
        setting: "FACEBOOK_GRAPH_VERSION",
        sunsetOn: "2027-01-21",
        daysLeft: 57,
        message:
          "Facebook Graph API version v21.0 stops on 2027-01-21 (57 days): set FACEBOOK_GRAPH_VERSION to a newer version.",
      }),
    ]);
    expect(versionWarnings({ facebook: "v21.0", linkedin: "202603" }, at("2027-01-20"))).toHaveLength(2);
  });

  it("says when a version has already stopped", () => {
    const [warning] = versionWarnings({ facebook: "v25.0", linkedin: "202511" }, at("2026-11-25"));
    expect(warning?.message).toBe(
      "LinkedIn API version 202511 stopped on 2026-11-16: set LINKEDIN_API_VERSION to a newer version.",
    );
  });

  it("LinkedIn versions are the months LinkedIn released, with their sunset dates (no 202512)", () => {
    expect(linkedinSunset("202607")).toBe("2027-07-15");
    expect(linkedinSunset("202511")).toBe("2026-11-16");
    expect(linkedinSunset("202512")).toBeNull();
    expect(linkedinSunset("202602.01")).toBeNull();
    expect(Object.keys(LINKEDIN_VERSIONS).filter((version) => version.startsWith("2025"))).toHaveLength(11);
    expect(isLiveLinkedinVersion(DEFAULT_LINKEDIN_VERSION, at("2026-12-01").getTime())).toBe(true);
    expect(isLiveLinkedinVersion("202511", at("2026-12-01").getTime())).toBe(false);
    expect(isLiveLinkedinVersion("202512", at("2026-12-01").getTime())).toBe(false);
  });

  it("warns that a LinkedIn version LinkedIn never released answers no call", () => {
    expect(versionWarnings({ facebook: DEFAULT_GRAPH_VERSION, linkedin: "202512" }, at("2026-12-01"))).toEqual([
      {
        platform: "linkedin",
        setting: "LINKEDIN_API_VERSION",
        version: "202512",
        sunsetOn: null,
        daysLeft: null,
        message:
          "LinkedIn API version 202512 is not one LinkedIn released, so LinkedIn refuses every call: set LINKEDIN_API_VERSION to a released version such as 202607.",
      },
    ]);
  });
});
