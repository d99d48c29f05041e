import fc from "fast-check";
import twitterText from "twitter-text";
import { describe, expect, it } from "vitest";
import { hashtagsFromText, requestTopic, topicKeywords } from "@/lib/ai/server/keywords";
import { offlineChatReply, offlineGeneratePost, splitSentences } from "@/lib/ai/server/offline";
import {
  generatorAnswersSchema,
  generatorCallToActions,
  generatorLengths,
  generatorTones,
  type GeneratorAnswers,
} from "@/lib/ai/schemas";

/**
 * The offline writer over every tone × length × call to action × hashtag choice, for topics typed
 * as a sentence, as a noun phrase, with a proper noun and with a word cased on purpose.
 */

const TOPICS = [
  "Our autumn pumpkin spice oat latte launches this Saturday",
  "sourdough baking tips",
  "Berlin marathon training plan",
  "iPhone repair day at our Leeds store.",
  "why we switched to electric delivery bikes",
] as const;

const hashtagChoices = ["Yes - Auto-generate", "Yes - I'll provide them", "No"] as const;

const answersArb = fc.record({
  topic: fc.constantFrom(...TOPICS),
  tone: fc.constantFrom(...generatorTones),
  length: fc.constantFrom(...generatorLengths),
  callToAction: fc.constantFrom(...generatorCallToActions),
  hashtags: fc.constantFrom(...hashtagChoices),
});

const build = (raw: Partial<GeneratorAnswers>): GeneratorAnswers =>
  generatorAnswersSchema.parse({
    customCallToAction: "Book your table today.",
    providedHashtags: "cafe, #Local",
    ...raw,
  });

const cleaned = (topic: string) => topic.replace(/[.!?]+$/, "");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The full product of the choices: every combination once, not a sample. */
const everyCombination = TOPICS.flatMap((topic) =>
  generatorTones.flatMap((tone) =>
    generatorLengths.flatMap((length) =>
      generatorCallToActions.flatMap((callToAction) =>
        hashtagChoices.map((hashtags) => build({ topic, tone, length, callToAction, hashtags })),
      ),
    ),
  ),
);

describe("offline writer: every tone × length × call to action × hashtag choice", () => {
  it("covers the whole product", () => {
    expect(everyCombination).toHaveLength(TOPICS.length * 6 * 3 * 3 * 3);
  });

  it.each(
    everyCombination.map(
      (answers) =>
        [answers.topic, answers.tone, answers.length, answers.callToAction, answers.hashtags, answers] as const,
    ),
  )("%s · %s · %s · %s · %s", (topic, _tone, _length, _cta, hashtags, answers) => {
    const post = offlineGeneratePost(answers, "general");
    const [body] = post.split(/\n\n(?=#)/);

    // The topic's words are all there.
    const postWords = new Set(words(post));
    for (const word of words(topic)) expect(postWords, word).toContain(word);

    // No sentence said twice.
    const sentences = splitSentences(body!.replace(/#[\p{L}\p{N}_]+/gu, ""));
    expect(new Set(sentences.map((s) => s.toLowerCase())).size, post).toBe(sentences.length);

    // The topic only ever opens a sentence, never pasted after other words ("…, and Our latte launches…").
    const at = new RegExp(escape(cleaned(topic)), "gi");
    const starts = [...post.matchAll(at)].map((match) => match.index);
    expect(starts.length, post).toBeGreaterThan(0);
    for (const start of starts) expect(post.slice(0, start), post).toMatch(/(^|[.!?]\s+|\n)$/);
    // …and opens it with a capital unless its first word is cased on purpose.
    expect(post.charAt(0), post).toBe(/^iPhone/.test(topic) ? "i" : post.charAt(0).toUpperCase());

    // Hashtags: made from the topic's keywords when generated, the user's when provided, none otherwise.
    const tags = post.match(/#[\p{L}\p{N}_]+/gu) ?? [];
    if (hashtags === "No") expect(tags).toEqual([]);
    if (hashtags === "Yes - I'll provide them") expect(tags).toEqual(["#cafe", "#Local"]);
    if (hashtags === "Yes - Auto-generate") {
      expect(tags.length).toBeGreaterThan(0);
      const keywords = topicKeywords(topic).map((word) => word.toLowerCase());
      for (const tag of tags) {
        // Every tag is one keyword or two keywords of the topic, camel-cased.
        const joined = tag.slice(1).toLowerCase();
        const isKeyword = keywords.includes(joined);
        const isPair = keywords.some((a, i) => keywords[i + 1] !== undefined && `${a}${keywords[i + 1]}` === joined);
        expect(isKeyword || isPair, `${tag} from ${topic}`).toBe(true);
      }
    }
  });

  it("on X, any choice fits 280 weighted characters and still opens with the topic (property)", () => {
    fc.assert(
      fc.property(answersArb, (raw) => {
        const answers = build(raw);
        const post = offlineGeneratePost(answers, "twitter");
        expect(twitterText.parseTweet(post).valid, post).toBe(true);
        expect(post.toLowerCase().startsWith(cleaned(answers.topic).toLowerCase()), post).toBe(true);
      }),
      { numRuns: 40, seed: 17 },
    );
  }, 30_000);
});

describe("offline writer: keywords and hashtags", () => {
  it("leaves stop words and verbs out and camel-cases a compound", () => {
    expect(hashtagsFromText("Our autumn pumpkin spice oat latte launches this Saturday")).toEqual([
      "#OatLatte",
      "#Autumn",
      "#Saturday",
    ]);
    expect(hashtagsFromText("our new sourdough bakery")).toEqual(["#SourdoughBakery", "#Sourdough", "#Bakery"]);
    expect(hashtagsFromText("iPhone repair day")).toEqual(["#RepairDay", "#iPhone", "#Repair"]);
    expect(hashtagsFromText("the and of it")).toEqual([]);
  });

  it("takes a chat request's topic, not its request words", () => {
    expect(requestTopic("Ideas for a bakery post about rye bread")).toBe("rye bread");
    expect(requestTopic("Give me three hashtags for our autumn latte")).toBe("our autumn latte");
    expect(hashtagsFromText("Give three hashtags", 3, { request: true })).toEqual([]);
    const reply = offlineChatReply({
      message: "Give three hashtags for rye bread",
      context: "general",
      postContent: null,
    });
    expect(reply).toContain("#RyeBread");
    expect(reply).not.toMatch(/#Give|#Three|#Hashtag/);
    const draft = offlineChatReply({
      message: "Write a post about our autumn oat latte",
      context: "content_creation",
      postContent: null,
    });
    expect(draft).toContain("Our autumn oat latte: ");
    expect(draft).not.toMatch(/#Write|#Post\b/);
  });
});
