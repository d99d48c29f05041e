import { describe, expect, it } from "vitest";
import { FACEBOOK_FEED_CUT_CHARS } from "@/lib/networks/facebook/text";
import { LINKEDIN_FEED_CUT_CHARS } from "@/lib/networks/linkedin/text";
import { feedText, firstLinkDomain, refusesText } from "@/lib/networks/text";
import { findRefusals } from "@/lib/posts/network-limits";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("refusesText / findRefusals: what each network will not take", () => {
  it("X refuses past 280 weighted characters, counting as the publisher does", () => {
    expect(refusesText("a".repeat(280), "twitter")).toBe(false);
    expect(refusesText("a".repeat(281), "twitter")).toBe(true);
    // 141 CJK characters weigh 282; a long URL weighs 23.
    expect(refusesText("字".repeat(141), "twitter")).toBe(true);
    expect(refusesText(`${"a".repeat(250)} https://example.com/${"x".repeat(200)}`, "twitter")).toBe(false);
  });

  it("LinkedIn refuses past 3,000 characters and Facebook past 63,206", () => {
    expect(refusesText("a".repeat(3_000), "linkedin")).toBe(false);
    expect(refusesText("a".repeat(3_001), "linkedin")).toBe(true);
    expect(refusesText("a".repeat(63_206), "facebook")).toBe(false);
    expect(refusesText("a".repeat(63_207), "facebook")).toBe(true);
  });

  it("names each refusing network with its count and limit; empty text is refused by none", () => {
    const text = "a".repeat(3_500);
    expect(findRefusals(text, ["facebook", "twitter", "linkedin"], { summarizeForTwitter: false })).toEqual([
      { platform: "twitter", label: "X", count: 3_500, limit: 280 },
      { platform: "linkedin", label: "LinkedIn", count: 3_500, limit: 3_000 },
    ]);
    expect(findRefusals("   ", ["twitter"], { summarizeForTwitter: false })).toEqual([]);
  });

  it("leaves X out when 'Summarize for X' is on, and only X", () => {
    const text = "a".repeat(3_500);
    expect(findRefusals(text, ["twitter", "linkedin"], { summarizeForTwitter: true }).map((r) => r.platform)).toEqual([
      "linkedin",
    ]);
    expect(findRefusals("a".repeat(400), ["twitter"], { summarizeForTwitter: true })).toEqual([]);
  });
});

describe("feedText: where each feed cuts the text", () => {
  it("shows short text whole on every network", () => {
    for (const platform of ["facebook", "twitter", "linkedin"] as const)
      expect(feedText("  Fresh bread at 7.  ", platform)).toEqual({
        shown: "Fresh bread at 7.",
        cut: false,
        moreLabel: null,
      });
  });

  it("LinkedIn cuts near 210 characters, between words, with '…more'", () => {
    const text = words(60); // about 400 characters
    const result = feedText(text, "linkedin");
    expect(result.cut).toBe(true);
    expect(result.moreLabel).toBe("…more");
    expect(result.shown.length).toBeLessThanOrEqual(LINKEDIN_FEED_CUT_CHARS);
    expect(result.shown.length).toBeGreaterThan(LINKEDIN_FEED_CUT_CHARS * 0.9);
    expect(text.startsWith(result.shown)).toBe(true);
    expect(text.charAt(result.shown.length)).toBe(" ");
  });

  it("LinkedIn cuts after three lines even when they are short", () => {
    expect(feedText("One\nTwo\nThree\nFour", "linkedin")).toEqual({
      shown: "One\nTwo\nThree",
      cut: true,
      moreLabel: "…more",
    });
    expect(feedText("One\nTwo\nThree", "linkedin").cut).toBe(false);
  });

  it("Facebook cuts near 477 characters with 'See more' and keeps line breaks", () => {
    expect(feedText("a\nb\nc\nd\ne\nf", "facebook").cut).toBe(false);
    const text = words(100);
    const result = feedText(text, "facebook");
    expect(result).toMatchObject({ cut: true, moreLabel: "See more" });
    expect(result.shown.length).toBeLessThanOrEqual(FACEBOOK_FEED_CUT_CHARS);
    expect(result.shown.length).toBeGreaterThan(FACEBOOK_FEED_CUT_CHARS * 0.9);
    expect(feedText("b".repeat(FACEBOOK_FEED_CUT_CHARS), "facebook").cut).toBe(false);
    expect(feedText("b".repeat(FACEBOOK_FEED_CUT_CHARS + 1), "facebook").shown).toBe("b".repeat(477));
  });

  it("X shows up to 280 weighted characters, never half an emoji", () => {
    expect(feedText("a".repeat(280), "twitter").cut).toBe(false);
    const emoji = feedText("😀".repeat(200), "twitter");
    expect(emoji).toMatchObject({ cut: true, moreLabel: "Show more" });
    expect(emoji.shown).toBe("😀".repeat(140));
  });
});

describe("firstLinkDomain", () => {
  it("finds the first link's domain, with or without a scheme, without www", () => {
    expect(firstLinkDomain("Read https://www.Example.com/a/b?c=1 and https://other.org")).toBe("example.com");
    expect(firstLinkDomain("Menu at bakery.co.uk/menu today")).toBe("bakery.co.uk");
    expect(firstLinkDomain("No link here.")).toBeNull();
  });
});
