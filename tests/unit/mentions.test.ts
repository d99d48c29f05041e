import { describe, expect, it } from "vitest";
import { bodySegments, mentionedIds, mentionToken, plainBody } from "@/lib/activity/mentions";

/** Mentions are `@[Name](userId)` tokens: the id decides who is meant, the name is only shown. */

describe("mentions", () => {
  it("finds each mentioned id once, in order, and ignores text that only looks like one", () => {
    const body = `Hi ${mentionToken("Ann Lee", "u-1")}, ${mentionToken("Bo", "u-2")} and ${mentionToken("Ann", "u-1")}; @Carl, @[x](), a@b.c`;
    expect(mentionedIds(body)).toEqual(["u-1", "u-2"]);
  });

  it("a name cannot break out of its token", () => {
    expect(mentionToken("Eve](evil) [x", "u-3")).toBe("@[Eve (evil)  x](u-3)");
    expect(mentionedIds(mentionToken("Eve](evil) [x", "u-3"))).toEqual(["u-3"]);
  });

  it("splits a body into text and chips, and writes it plain for e-mail", () => {
    const body = `Ping ${mentionToken("Ann", "u-1")}!`;
    expect(bodySegments(body)).toEqual([
      { kind: "text", text: "Ping " },
      { kind: "mention", name: "Ann", userId: "u-1" },
      { kind: "text", text: "!" },
    ]);
    expect(plainBody(body)).toBe("Ping @Ann!");
  });
});
