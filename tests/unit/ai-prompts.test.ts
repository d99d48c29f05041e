import twitterText from "twitter-text";
import { describe, expect, it } from "vitest";
import {
  fitToPlatform,
  fitsPlatform,
  numberThread,
  shortenForTwitter,
  splitIntoThread,
  truncateAtWord,
  validThread,
} from "@/lib/ai/server/fit-text";
import {
  AI_PLATFORM_LIMITS,
  PROMPT_VERSION,
  chatMessages,
  cleanAnswer,
  enhanceMessages,
  generatorMessages,
  platformGuidance,
  twitterSummaryMessages,
  DEFAULT_ENHANCE_INSTRUCTION,
  parseThread,
} from "@/lib/ai/server/prompts";
import { generatorAnswersSchema } from "@/lib/ai/schemas";
import { chatTitle } from "@/lib/ai/server/titles";

const valid = (tweet: string) => twitterText.parseTweet(tweet).valid;

describe("platform limits", () => {
  it("are X 280 weighted, LinkedIn 3,000 and Facebook 63,206", () => {
    expect(AI_PLATFORM_LIMITS.twitter).toMatchObject({ limit: 280, weighted: true });
    expect(AI_PLATFORM_LIMITS.linkedin).toMatchObject({ limit: 3000, weighted: false });
    expect(AI_PLATFORM_LIMITS.facebook).toMatchObject({ limit: 63206, weighted: false });
    expect(AI_PLATFORM_LIMITS.general.limit).toBe(10_000);
  });

  it("are told to the model", () => {
    expect(platformGuidance("twitter")).toContain("280");
    expect(platformGuidance("linkedin")).toContain("3,000");
    expect(platformGuidance("facebook")).toContain("63,206");
  });

  it("are enforced by fitToPlatform with X's weighted count", () => {
    const emoji = "😀".repeat(150); // 300 weighted
    expect(fitsPlatform(emoji, "twitter")).toBe(false);
    expect(fitsPlatform(emoji, "linkedin")).toBe(true);
    expect(valid(fitToPlatform(`${"word ".repeat(20)}${emoji}`, "twitter"))).toBe(true);
    expect(fitToPlatform("a ".repeat(2000), "linkedin").length).toBeLessThanOrEqual(3000);
    expect(fitToPlatform("short", "facebook")).toBe("short");
  });
});

describe("X fitting", () => {
  it("shortens on whole words with an ellipsis, leaving fitting text alone", () => {
    expect(shortenForTwitter("fits")).toBe("fits");
    const shortened = shortenForTwitter("lorem ipsum ".repeat(40));
    expect(valid(shortened)).toBe(true);
    expect(shortened).toMatch(/(lorem|ipsum)…$/);
  });

  it("truncates plain text at a word", () => {
    expect(truncateAtWord("one two three four", 10)).toBe("one two…");
    expect(truncateAtWord("one two", 10)).toBe("one two");
  });

  it("threads: numbers tweets 1/n and keeps each valid, however long the text", () => {
    const text = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    const thread = splitIntoThread(text);
    expect(thread.length).toBeGreaterThanOrEqual(6);
    expect(validThread(thread)).toBe(true);
    expect(thread.at(-1)).toMatch(new RegExp(`^${thread.length}/${thread.length} `));
    expect(splitIntoThread("   ")).toEqual([]);
    expect(validThread(splitIntoThread("x".repeat(1000)))).toBe(true);
    expect(numberThread(["a", "b"])).toEqual(["1/2 a", "2/2 b"]);
  });
});

describe("prompts", () => {
  it("carry a version", () => {
    expect(PROMPT_VERSION).toMatch(/\S/);
  });

  it("chat: the post goes in the system prompt only in editor contexts, history before the new message", () => {
    const history = [
      { role: "user" as const, content: "Earlier question" },
      { role: "assistant" as const, content: "Earlier answer" },
    ];
    const editing = chatMessages({
      context: "post_enhancement",
      postContent: "Fresh bread daily",
      history,
      message: "Improve it",
    });
    expect(editing[0]!.role).toBe("system");
    expect(editing[0]!.content).toContain("<post>\nFresh bread daily\n</post>");
    expect(editing.slice(1).map((m) => m.content)).toEqual(["Earlier question", "Earlier answer", "Improve it"]);
    const general = chatMessages({ context: "general", postContent: "Fresh bread daily", history: [], message: "Hi" });
    expect(general[0]!.content).not.toContain("Fresh bread daily");
  });

  it("generator: every answer is in the request", () => {
    const answers = generatorAnswersSchema.parse({
      topic: "spring menu",
      tone: "Humorous",
      length: "Short",
      callToAction: "Yes - Custom",
      customCallToAction: "Book a table",
      hashtags: "Yes - I'll provide them",
      providedHashtags: "#spring",
    });
    const [system, user] = generatorMessages(answers, "linkedin");
    expect(system!.content).toContain("3,000");
    for (const part of ["spring menu", "Humorous", "Short: 1-2 sentences", "Book a table", "#spring"])
      expect(user!.content).toContain(part);
  });

  it("enhance: the default instruction when none is given", () => {
    expect(enhanceMessages("post", null, "general")[1]!.content).toContain(DEFAULT_ENHANCE_INSTRUCTION);
    expect(enhanceMessages("post", "Add emoji", "general")[1]!.content).toContain("Add emoji");
  });

  it("X summary retry tells the model how long its answer was", () => {
    const retry = twitterSummaryMessages("post", { text: "too long", weightedLength: 312 });
    expect(retry.at(-2)).toEqual({ role: "assistant", content: "too long" });
    expect(retry.at(-1)!.content).toContain("312");
  });

  it("cleans quotes and labels off answers", () => {
    expect(cleanAnswer('  "Fresh bread today!"  ')).toBe("Fresh bread today!");
    expect(cleanAnswer("Tweet: Fresh bread")).toBe("Fresh bread");
    expect(cleanAnswer("Here is your post: Fresh bread")).toBe("Fresh bread");
    expect(cleanAnswer('He said "hi" and left')).toBe('He said "hi" and left');
  });

  it("parses a thread answer and drops the model's own numbering", () => {
    expect(parseThread("1/2 First tweet\n---\n2/2 Second tweet")).toEqual(["First tweet", "Second tweet"]);
    expect(parseThread("First\n\n---\n\nSecond\n---\n")).toEqual(["First", "Second"]);
  });

  it("titles a chat after its first message", () => {
    expect(chatTitle("  How do I   grow my page?\nMore details")).toBe("How do I grow my page?");
    expect(chatTitle("word ".repeat(30)).length).toBeLessThanOrEqual(60);
    expect(chatTitle("   ")).toBe("New Chat");
  });
});
