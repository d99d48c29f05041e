import twitterText from "twitter-text";
import { describe, expect, it } from "vitest";
import {
  OFFLINE_NOTICE,
  firstSentence,
  hashtagsFromText,
  normaliseHashtags,
  offlineChatReply,
  offlineEnhancePost,
  offlineGeneratePost,
  offlineTwitterSummary,
  offlineTwitterThread,
  streamPieces,
  templateShareMessage,
} from "@/lib/ai/server/offline";
import { generatorAnswersSchema, type GeneratorAnswers } from "@/lib/ai/schemas";
import { DEFAULT_SHARE_MESSAGE } from "@/lib/posts/schemas";

const answers = (overrides: Partial<GeneratorAnswers> = {}): GeneratorAnswers =>
  generatorAnswersSchema.parse({ topic: "our new sourdough bakery", tone: "Friendly", length: "Medium", ...overrides });

const valid = (tweet: string) => twitterText.parseTweet(tweet).valid;
const longPost = Array.from(
  { length: 25 },
  (_, i) => `Sentence number ${i + 1} about fresh bread and early mornings at the bakery.`,
).join(" ");

describe("offline writer: the post generator", () => {
  it("builds the post from topic, tone and length, deterministically", () => {
    const post = offlineGeneratePost(answers(), "general");
    expect(post).toMatch(/^Our new sourdough bakery: we'd love to tell you all about it\. /);
    expect(offlineGeneratePost(answers(), "general")).toBe(post);
    expect(offlineGeneratePost(answers({ tone: "Formal" }), "general")).toMatch(
      /^Our new sourdough bakery: we are pleased to share this update with you\./,
    );
  });

  it("grows with the length answer: Short is one or two sentences, Long has paragraphs", () => {
    const short = offlineGeneratePost(answers({ length: "Short" }), "general");
    const medium = offlineGeneratePost(answers({ length: "Medium" }), "general");
    const long = offlineGeneratePost(answers({ length: "Long" }), "general");
    expect(short.split(/[.!?]/).filter((s) => s.trim()).length).toBeLessThanOrEqual(2);
    expect(medium.length).toBeGreaterThan(short.length);
    expect(long.split("\n\n").length).toBeGreaterThanOrEqual(3);
  });

  it("adds the call to action and hashtags the user asked for, and only then", () => {
    const plain = offlineGeneratePost(answers(), "general");
    expect(plain).not.toContain("#");
    expect(plain).not.toMatch(/comments/);
    const ask = offlineGeneratePost(
      answers({ callToAction: "Yes - Ask for comments/shares/likes", hashtags: "Yes - Auto-generate" }),
      "general",
    );
    expect(ask).toMatch(/comments/);
    expect(ask).toMatch(/#Sourdough/);
    const custom = offlineGeneratePost(
      answers({
        callToAction: "Yes - Custom",
        customCallToAction: "Visit us on Saturday!",
        hashtags: "Yes - I'll provide them",
        providedHashtags: "bread, #Baking",
      }),
      "general",
    );
    expect(custom).toContain("Visit us on Saturday!");
    expect(custom.endsWith("#bread #Baking")).toBe(true);
  });

  it("fits X's 280 weighted characters for twitter, keeping the call to action and hashtags", () => {
    const post = offlineGeneratePost(
      answers({ length: "Long", callToAction: "Yes - Ask for comments/shares/likes", hashtags: "Yes - Auto-generate" }),
      "twitter",
    );
    expect(valid(post)).toBe(true);
    expect(post).toMatch(/#Sourdough/);
    expect(post).toMatch(/comments/);
  });
});

describe("offline writer: enhance", () => {
  it("tightens the post, structures several points as bullets and adds a call to action", () => {
    const original =
      "We really just opened our bakery. We bake bread daily. We sell coffee. We have very fresh pastries. We open at 7am #bakery";
    const enhanced = offlineEnhancePost(original, null, "general");
    expect(enhanced).not.toBe(original);
    expect(enhanced.startsWith("We opened our bakery.")).toBe(true);
    expect(enhanced).toContain("• We bake bread daily.");
    expect(enhanced).toMatch(/Let us know in the comments/);
    expect(enhanced.endsWith("#bakery")).toBe(true);
  });

  it("honours 'shorter' and fits the platform", () => {
    const short = offlineEnhancePost(
      "First point here. Second point. Third point. Fourth point.",
      "make it shorter",
      "general",
    );
    expect(short).not.toContain("Second point");
    expect(valid(offlineEnhancePost(longPost, null, "twitter"))).toBe(true);
    expect(offlineEnhancePost("x ".repeat(2000), null, "linkedin").length).toBeLessThanOrEqual(3000);
  });
});

describe("offline writer: share messages", () => {
  it("uses the post's first sentence, without links or hashtags, within 280 characters", () => {
    expect(firstSentence("Fresh bread at 7am! Come early. https://x.test #bread")).toBe("Fresh bread at 7am!");
    expect(templateShareMessage("Fresh bread at 7am! Come early.")).toBe(
      "Check out our latest post: Fresh bread at 7am!",
    );
    const long = templateShareMessage(`${"word ".repeat(100)}end.`);
    expect(long.length).toBeLessThanOrEqual(280);
    expect(long.endsWith("…")).toBe(true);
  });

  it("falls back to the default message when there is no text", () => {
    expect(templateShareMessage("   ")).toBe(DEFAULT_SHARE_MESSAGE);
    expect(templateShareMessage("#only #tags")).toBe(DEFAULT_SHARE_MESSAGE);
  });
});

describe("offline writer: chat", () => {
  it("labels every reply as offline", () => {
    for (const context of ["general", "post_enhancement", "content_creation"] as const) {
      expect(
        offlineChatReply({ message: "Help me", context, postContent: "We bake bread." }).startsWith(OFFLINE_NOTICE),
      ).toBe(true);
    }
  });

  it("answers from the message and the post", () => {
    expect(
      offlineChatReply({ message: "When should I schedule my posts?", context: "general", postContent: null }),
    ).toMatch(/Prime Time 20:00/);
    expect(
      offlineChatReply({
        message: "Improve it",
        context: "post_enhancement",
        postContent: "We bake bread. It is good.",
      }),
    ).toContain("We bake bread.");
    expect(
      offlineChatReply({ message: "a post about summer cakes", context: "content_creation", postContent: null }),
    ).toContain("Summer cakes: ");
  });
});

describe("offline writer: X", () => {
  it("summarises with the deterministic shortener", () => {
    const summary = offlineTwitterSummary(longPost);
    expect(valid(summary)).toBe(true);
    expect(summary.endsWith("…")).toBe(true);
    expect(longPost.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it("splits into a numbered thread of valid tweets that keeps every word", () => {
    const thread = offlineTwitterThread(longPost);
    expect(thread.length).toBeGreaterThan(1);
    thread.forEach((tweet, index) => {
      expect(tweet.startsWith(`${index + 1}/${thread.length} `)).toBe(true);
      expect(valid(tweet)).toBe(true);
    });
    expect(thread.map((tweet) => tweet.replace(/^\d+\/\d+ /, "")).join(" ")).toBe(longPost);
  });
});

describe("offline helpers", () => {
  it("streams an answer in pieces that join back to it", () => {
    const text = "One two three four five six seven.\n\nEight nine.";
    const pieces = streamPieces(text);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join("")).toBe(text);
  });

  it("derives and normalises hashtags", () => {
    expect(hashtagsFromText("The best sourdough bread in town, sourdough!")).toEqual([
      "#SourdoughBread",
      "#Best",
      "#Town",
    ]);
    expect(normaliseHashtags("#a,, b  ##c!")).toEqual(["#a", "#b", "#c"]);
  });
});
