import { describe, expect, it } from "vitest";
import { permissionLabel } from "@/lib/networks";

describe("permissionLabel", () => {
  it("names Facebook's Page tasks as Meta's Page settings do", () => {
    expect(
      ["MANAGE", "CREATE_CONTENT", "MODERATE", "MESSAGING", "ADVERTISE", "ANALYZE"].map((code) =>
        permissionLabel("facebook", code),
      ),
    ).toEqual(["Manage", "Create content", "Moderate", "Messages", "Advertise", "View insights"]);
  });

  it("spells out a code it has no word for, on any platform, and never shows the raw code", () => {
    expect(permissionLabel("facebook", "PROFILE_PLUS_FACEBOOK_ACCESS")).toBe("Profile plus facebook access");
    expect(permissionLabel("linkedin", "w_member_social")).toBe("W member social");
    expect(permissionLabel("instagram", "ANALYZE")).toBe("Analyze");
  });
});
