/**
 * The length limit each model family accepts. OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 …)
 * refuse `max_tokens` with 400 unsupported_parameter and take `max_completion_tokens`, which also
 * counts their hidden reasoning; OpenAI's other chat models accept both, `max_tokens` being the
 * deprecated one; OpenAI-compatible servers (Ollama, vLLM, LM Studio) know `max_tokens`.
 * Source: platform.openai.com/docs/api-reference/chat/create (max_tokens: "not compatible with o-series
 * models"; max_completion_tokens) and the reasoning guide (reasoning_effort, room for reasoning tokens).
 */

/** o1, o3, o4-mini, gpt-5, gpt-5-mini …, also behind a provider prefix ("openai/gpt-5"). */
export function isReasoningModel(model: string): boolean {
  const name = model.split("/").pop()!.toLowerCase();
  return /^(o\d+)(-|$)/.test(name) || /^gpt-5(\.|-|$)/.test(name);
}

/** Reasoning tokens come out of the same budget; without room the visible answer can be empty. */
const REASONING_ROOM = 4_096;

export type LengthParams = { max_tokens: number } | { max_completion_tokens: number; reasoning_effort?: "low" };

/** `openAiItself`: the calls go to OpenAI (no OPENAI_BASE_URL), not to a compatible server. */
export function lengthParams(model: string, maxTokens: number, openAiItself: boolean): LengthParams {
  if (isReasoningModel(model)) return { max_completion_tokens: maxTokens + REASONING_ROOM, reasoning_effort: "low" };
  return openAiItself ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
}
