import { describe, expect, it } from "vitest";
import { countForPlatform, PLATFORM_CHAR_LIMITS } from "@/lib/networks/text";

describe("countForPlatform on X (twitter-text weighted length)", () => {
  it("counts plain Latin text one per character", () => {
    expect(countForPlatform("Hello world", "twitter")).toEqual({ count: 11, limit: 280, over: false });
  });

  it("weighs an emoji as 2", () => {
    expect(countForPlatform("😀", "twitter").count).toBe(2);
    expect(countForPlatform("hi 👋🏽", "twitter").count).toBe(5);
  });

  it("weighs CJK characters as 2 each", () => {
    expect(countForPlatform("你好", "twitter").count).toBe(4);
    expect(countForPlatform("こんにちは", "twitter").count).toBe(10);
  });

  it("counts any URL as 23, however long", () => {
    expect(countForPlatform("https://example.com", "twitter").count).toBe(23);
    expect(countForPlatform(`See https://example.com/${"a".repeat(100)}`, "twitter").count).toBe(4 + 23);
  });

  it("is over the limit only past 280", () => {
    expect(countForPlatform("a".repeat(280), "twitter")).toEqual({ count: 280, limit: 280, over: false });
    expect(countForPlatform("a".repeat(281), "twitter").over).toBe(true);
    // 141 CJK characters weigh 282.
    expect(countForPlatform("字".repeat(141), "twitter")).toEqual({ count: 282, limit: 280, over: true });
  });

  it("counts the empty text as 0", () => {
    expect(countForPlatform("", "twitter")).toEqual({ count: 0, limit: 280, over: false });
  });
});

describe("countForPlatform on LinkedIn and Facebook (plain length)", () => {
  it("has the platforms' limits", () => {
    expect(PLATFORM_CHAR_LIMITS).toEqual({ twitter: 280, linkedin: 3_000, facebook: 63_206 });
  });

  it("counts URLs and CJK by their plain length", () => {
    expect(countForPlatform("https://example.com", "linkedin").count).toBe(19);
    expect(countForPlatform("你好", "facebook").count).toBe(2);
  });

  it("LinkedIn is over past 3,000 characters", () => {
    expect(countForPlatform("a".repeat(3_000), "linkedin")).toEqual({ count: 3_000, limit: 3_000, over: false });
    expect(countForPlatform("a".repeat(3_001), "linkedin").over).toBe(true);
  });

  it("Facebook is over past 63,206 characters", () => {
    expect(countForPlatform("a".repeat(63_206), "facebook").over).toBe(false);
    expect(countForPlatform("a".repeat(63_207), "facebook")).toEqual({ count: 63_207, limit: 63_206, over: true });
  });
});
