import type { OpenAIMessage, OpenAIUsage } from "./state";

/**
 * What the sandbox model says and what it costs, with no I/O, so tests can compute the expected
 * reply and token counts themselves. Tokens are estimated, not counted: about four characters each,
 * which is close enough for usage meters and context limits and never depends on a tokenizer.
 */

export const CHARS_PER_TOKEN = 4;
/** How much of the last user message the default reply repeats. */
const ECHO_CHARS = 160;
/** A streamed piece: a word with the whitespace before it, long words cut into pieces this size. */
const MAX_PIECE_CHARS = 16;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** ceil(characters of every message's content / 4). */
export function promptTokens(messages: OpenAIMessage[]): number {
  return estimateTokens(messages.map((message) => message.content).join(""));
}

/** "Sandbox AI: " and the start of the last user message, whitespace collapsed, so tests can recognise it. */
export function defaultReply(messages: OpenAIMessage[]): string {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const said = (lastUser?.content ?? "").replace(/\s+/g, " ").trim().slice(0, ECHO_CHARS).trimEnd();
  return `Sandbox AI: ${said || "Hello from the platform sandbox."}`;
}

export interface FinishedReply {
  content: string;
  finishReason: "stop" | "length";
  usage: OpenAIUsage;
}

/** Cuts the reply to the completion budget (max_tokens × 4 characters), as a model stops mid-sentence. */
export function finishReply(reply: string, maxTokens: number | null, prompt: number): FinishedReply {
  const budget = maxTokens === null ? Infinity : maxTokens * CHARS_PER_TOKEN;
  const content = reply.length > budget ? reply.slice(0, budget) : reply;
  const completion = estimateTokens(content);
  return {
    content,
    finishReason: content.length < reply.length ? "length" : "stop",
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** The reply as streamed deltas; joined they give the reply back exactly. */
export function streamPieces(content: string): string[] {
  return content.match(new RegExp(`\\s*\\S{1,${MAX_PIECE_CHARS}}|\\s+$`, "g")) ?? [];
}
