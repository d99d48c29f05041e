import { parameterFamily } from "./models";

/**
 * The length limit (and reasoning effort) sent with a completion, by the model's parameter family
 * (models.ts). Source: platform.openai.com/docs/api-reference/chat/create (max_tokens: deprecated,
 * "not compatible with o-series models"; max_completion_tokens) and the reasoning guide (room for
 * reasoning tokens, reasoning_effort).
 */

/** Reasoning tokens come out of the same budget; without room the visible answer can be empty. */
const REASONING_ROOM = 4_096;

export type LengthParams = { max_tokens: number } | { max_completion_tokens: number; reasoning_effort?: "low" };

/** `openAiItself`: the calls go to OpenAI, not to an OpenAI-compatible server (OPENAI_API_FLAVOR). */
export function lengthParams(model: string, maxTokens: number, openAiItself: boolean): LengthParams {
  if (parameterFamily(model, openAiItself) === "reasoning")
    return { max_completion_tokens: maxTokens + REASONING_ROOM, reasoning_effort: "low" };
  // OpenAI's classic models take both; max_tokens is the deprecated one there, and the only one
  // OpenAI-compatible servers (Ollama, vLLM, LM Studio) know.
  return openAiItself ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
}
