import { truncateAtWord } from "./fit-text";
import { DEFAULT_CHAT_TITLE, generatorLengthLabels, type GeneratorAnswers } from "@/lib/ai/schemas";

/** What a chat and a generation look like in the chat list. Pure. */

export const CHAT_TITLE_MAX = 60;

/** A chat is named after its first message: its first line, whole words, at most 60 characters. */
export function chatTitle(firstMessage: string): string {
  const line = firstMessage.trim().split("\n")[0]?.replace(/\s+/g, " ").trim() ?? "";
  return line ? truncateAtWord(line, CHAT_TITLE_MAX) : DEFAULT_CHAT_TITLE;
}

/** The user's side of a generation, as stored in its content-creation chat. */
export function generatorRequestText(answers: GeneratorAnswers, platform: string): string {
  const lines = [
    `Generate a post about: ${answers.topic}`,
    `Tone: ${answers.tone}`,
    `Length: ${generatorLengthLabels[answers.length]}`,
    `Call to action: ${answers.callToAction === "Yes - Custom" && answers.customCallToAction ? answers.customCallToAction : answers.callToAction}`,
    `Hashtags: ${answers.hashtags === "Yes - I'll provide them" && answers.providedHashtags ? answers.providedHashtags : answers.hashtags}`,
  ];
  if (platform !== "general") lines.push(`Platform: ${platform}`);
  return lines.join("\n");
}
