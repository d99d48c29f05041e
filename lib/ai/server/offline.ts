import { network } from "@/lib/networks";
import { DEFAULT_SHARE_MESSAGE, SHARE_MESSAGE_MAX } from "@/lib/posts/schemas";
import { fitToPlatform, shortenForTwitter, splitIntoThread, truncateAtWord } from "./fit-text";
import type { AiPlatform, ChatContextName, GeneratorAnswers } from "@/lib/ai/schemas";
import { hashtagsFromText, requestTopic } from "./keywords";

/**
 * The offline writer: what answers when no AI key is configured. Deterministic text built from the
 * inputs, so every AI feature works (and is testable) without a model. Pure.
 */

/** The question an improved post for no network in particular ends with. */
const GENERAL_CLOSING_QUESTION = "What do you think? Let us know in the comments!";

export const OFFLINE_NOTICE = "Offline assistant: no AI model is configured, so this is a template answer.";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const cleanTopic = (topic: string) =>
  topic
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!?;:,…]+$/, "");

/**
 * The topic as the start of a sentence. The first letter is capitalised unless the first word is
 * cased on purpose ("iPhone", "eBay"); the topic is never put mid-sentence, where a sentence typed
 * as a topic ("Our latte launches Saturday") would read as nonsense.
 */
function topicHead(topic: string): string {
  const first = topic.split(" ")[0] ?? "";
  return /\p{Lu}/u.test(first.slice(1)) ? topic : capitalise(topic);
}

export { hashtagsFromText };

/** "bread, #Baking  sourdough" → ["#bread", "#Baking", "#sourdough"]. */
export function normaliseHashtags(input: string | null | undefined): string[] {
  return (input ?? "")
    .split(/[\s,;]+/)
    .map((tag) => tag.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, ""))
    .filter(Boolean)
    .map((tag) => `#${tag}`);
}

type Tone = GeneratorAnswers["tone"];

/** Each tone's words after "{Topic}: ", its first sentence. */
const LEADS: Record<Tone, string> = {
  Professional: "here is what you need to know.",
  Casual: "we have been waiting to tell you about this one!",
  Friendly: "we'd love to tell you all about it.",
  Formal: "we are pleased to share this update with you.",
  Humorous: "fair warning, this is about to become your favourite subject.",
  Inspiring: "every big change starts with one step, and this is ours.",
};

/** Five sentences a tone writes after the lead, none of them repeating the topic. */
const BODIES: Record<Tone, readonly [string, string, string, string, string]> = {
  Professional: [
    "We have put real care into it, and it shows in the details.",
    "It is built around what our customers told us matters most.",
    "We will keep sharing what we learn along the way.",
    "It started with a simple question: how can we do this better for you?",
    "Your feedback shaped every step, and it will shape the next ones too.",
  ],
  Casual: [
    "Honestly, it has been the highlight of our week.",
    "We think you'll like it as much as we do.",
    "More on this soon!",
    "It all started as a chat over coffee, and it kind of snowballed from there.",
    "Come say hi and tell us what you make of it.",
  ],
  Friendly: [
    "It means a lot to our team.",
    "We made it with you in mind, and we can't wait to hear what you think.",
    "Thank you for being part of our community.",
    "It began with a small idea, and the people around us made it better.",
    "We would not be here without you.",
  ],
  Formal: [
    "It reflects our continued commitment to quality.",
    "Further details will be provided in due course.",
    "We thank you for your continued support.",
    "It is the result of careful preparation and close attention to your needs.",
    "We remain at your disposal for any questions you may have.",
  ],
  Humorous: [
    "We tried to stay calm about it. We failed.",
    "Our team has talked about nothing else since Monday.",
    "Consider yourself officially informed.",
    "Someone suggested we play it cool, and we politely ignored them.",
    "You have been warned, and we are not sorry.",
  ],
  Inspiring: [
    "It is proof that small steps add up.",
    "Keep going, keep learning, and keep showing up.",
    "The best is still ahead of us.",
    "It began as a simple idea, and it grew because people believed in it.",
    "Here's to the next step, and to taking it together.",
  ],
};

const ASK_FOR_ENGAGEMENT = "What do you think? Tell us in the comments, and like and share if you found this useful.";

function callToAction(answers: GeneratorAnswers): string | null {
  if (answers.callToAction === "Yes - Ask for comments/shares/likes") return ASK_FOR_ENGAGEMENT;
  if (answers.callToAction === "Yes - Custom") return answers.customCallToAction?.trim() || ASK_FOR_ENGAGEMENT;
  return null;
}

function hashtagsFor(answers: GeneratorAnswers): string[] {
  if (answers.hashtags === "Yes - Auto-generate") return hashtagsFromText(answers.topic);
  if (answers.hashtags === "Yes - I'll provide them") return normaliseHashtags(answers.providedHashtags);
  return [];
}

/** Body shortened (whole words) until body + tail fits the platform; the tail (CTA, hashtags) is kept. */
function fitWithTail(body: string, tail: string, platform: AiPlatform): string {
  const join = (head: string) => [head, tail].filter(Boolean).join("\n\n");
  const full = join(body);
  if (fitToPlatform(full, platform) === full) return full;
  const words = body.split(/(\s+)/);
  for (let end = words.length - 1; end > 0; end -= 1) {
    const candidate = join(`${words.slice(0, end).join("").trimEnd()}…`);
    if (fitToPlatform(candidate, platform) === candidate) return candidate;
  }
  return fitToPlatform(full, platform);
}

/**
 * A post from the generator's answers: the topic opens it as a sentence of its own
 * ("{Topic}: {tone's lead}"), the tone's sentences follow (Short one, Medium three, Long five in
 * three paragraphs), then the call to action and hashtags made from the topic's keywords.
 */
export function offlineGeneratePost(answers: GeneratorAnswers, platform: AiPlatform): string {
  const topic = cleanTopic(answers.topic);
  const opener = `${topicHead(topic)}: ${LEADS[answers.tone]}`;
  const [first, second, third, fourth, fifth] = BODIES[answers.tone];
  const text =
    answers.length === "Short"
      ? `${opener} ${first}`
      : answers.length === "Medium"
        ? [opener, first, second, third].join(" ")
        : [`${opener} ${first}`, `${fourth} ${second}`, `${fifth} ${third}`].join("\n\n");
  const cta = callToAction(answers);
  const tags = hashtagsFor(answers);
  return fitWithTail(text, [cta, tags.join(" ")].filter(Boolean).join("\n\n"), platform);
}

const FILLER = /\b(really|very|just|basically|actually|literally|quite|totally)\s+/gi;

export function splitSentences(text: string): string[] {
  return (
    text
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?]+(?:[.!?]+|$)/g) ?? []
  )
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Trailing hashtags apart from the text before them. */
function splitTrailingHashtags(text: string): { body: string; hashtags: string[] } {
  const match = /((?:\s*#[\p{L}\p{N}_]+)+)\s*$/u.exec(text);
  if (!match) return { body: text.trim(), hashtags: [] };
  return { body: text.slice(0, match.index).trim(), hashtags: match[1]!.trim().split(/\s+/) };
}

function tighten(sentence: string): string {
  const tightened = capitalise(
    sentence
      .replace(FILLER, "")
      .replace(/\s{2,}/g, " ")
      .trim(),
  );
  return /[.!?…]$/.test(tightened) ? tightened : `${tightened}.`;
}

/** A tightened, structured version: a hook line, the rest (bullets when there are several points), a call to action. */
export function offlineEnhancePost(
  content: string,
  instruction: string | null | undefined,
  platform: AiPlatform,
): string {
  const ask = instruction ?? "";
  const { body, hashtags } = splitTrailingHashtags(content);
  const sentences = splitSentences(body).map(tighten);
  if (sentences.length === 0) return fitToPlatform(content, platform);
  const [hook, ...rest] = sentences;
  const brief = /\b(short|shorter|concise|brief|tighten)/i.test(ask);
  const parts = [/\bemoji/i.test(ask) ? `✨ ${hook}` : hook!];
  if (!brief && rest.length >= 3) parts.push(rest.map((sentence) => `• ${sentence}`).join("\n"));
  else if (!brief && rest.length > 0) parts.push(rest.join(" "));
  const last = sentences[sentences.length - 1]!;
  if (!last.endsWith("?"))
    parts.push(platform === "general" ? GENERAL_CLOSING_QUESTION : network(platform).writing.closingQuestion);
  const tags = hashtags.length > 0 ? hashtags : /hashtag/i.test(ask) ? hashtagsFromText(body) : [];
  return fitWithTail(
    parts.slice(0, -1).join("\n\n"),
    [parts[parts.length - 1], tags.join(" ")].filter(Boolean).join("\n\n"),
    platform,
  );
}

/** The post's first sentence (links and hashtags left out), for share messages. */
export function firstSentence(content: string): string {
  const plain = content
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/#[\p{L}\p{N}_]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return splitSentences(plain)[0] ?? "";
}

/** "Check out our latest post: {first sentence}", at most 280 characters; the plain default when there is no text. */
export function templateShareMessage(content: string): string {
  const sentence = firstSentence(content);
  if (!sentence) return DEFAULT_SHARE_MESSAGE;
  return truncateAtWord(`${DEFAULT_SHARE_MESSAGE.replace(/!$/, ":")} ${sentence}`, SHARE_MESSAGE_MAX);
}

function generalTips(message: string): string {
  if (/schedul|when|time|best hour|post at/i.test(message)) {
    return "Good times to post are usually Morning 9:00, Lunch 12:00, Afternoon 15:00, Evening 18:00 and Prime Time 20:00 in your audience's time zone. Use Schedule in the editor to pick one, then compare the results in Analytics.";
  }
  if (/hashtag/i.test(message)) {
    const tags = hashtagsFromText(requestTopic(message), 3, { request: true });
    return `Use two or three specific hashtags rather than many generic ones, and put them at the end.${tags.length ? ` From your message: ${tags.join(" ")}` : ""}`;
  }
  if (/engag|like|comment|follower|reach|grow/i.test(message)) {
    return "To raise engagement: open with a strong first line, ask one clear question, add an image or a short video, and reply to comments within the first hour.";
  }
  return "I can help you write a post (try 'AI Generate' in the editor), improve one ('Enhance with AI'), or plan when to publish. Tell me your topic and I'll draft something to start from.";
}

export function offlineChatReply(input: {
  message: string;
  context: ChatContextName;
  postContent: string | null;
}): string {
  const message = input.message.trim();
  let answer: string;
  if (input.context === "post_enhancement" && input.postContent?.trim()) {
    answer = `Here is a tighter version of your post:\n\n${offlineEnhancePost(input.postContent, message, "general")}\n\nTip: keep the first line short; it is all most people read before deciding to stop scrolling.`;
  } else if (input.context === "content_creation") {
    answer = `Here is a draft to start from:\n\n${offlineGeneratePost({ topic: truncateAtWord(requestTopic(message), 200), tone: "Friendly", length: "Medium", callToAction: "Yes - Ask for comments/shares/likes", hashtags: "Yes - Auto-generate" }, "general")}`;
  } else {
    answer = generalTips(message);
  }
  return `${OFFLINE_NOTICE}\n\n${answer}`;
}

export function offlineTwitterSummary(content: string): string {
  return shortenForTwitter(content);
}

export function offlineTwitterThread(content: string): string[] {
  return splitIntoThread(content);
}

/** Splits an answer into stream pieces of a few words each (whitespace kept), so the offline path streams too. */
export function streamPieces(text: string, wordsPerPiece = 3): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const lead = /^\s+/.exec(text)?.[0] ?? "";
  const pieces: string[] = [];
  for (let index = 0; index < tokens.length; index += wordsPerPiece)
    pieces.push(tokens.slice(index, index + wordsPerPiece).join(""));
  if (lead && pieces.length) pieces[0] = lead + pieces[0];
  return pieces;
}
