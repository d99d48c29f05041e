import OpenAI from "openai";
import { env } from "@/lib/server/env";

/**
 * The one OpenAI client, built from the environment. Any OpenAI-compatible server works (set
 * OPENAI_BASE_URL). Without OPENAI_API_KEY there is no client and the offline writer answers.
 * Retries are off: a failure is mapped to our own error once (lib/ai/errors.ts), and the user
 * decides whether to try again.
 */

export const aiModel = env.OPENAI_MODEL;
export const AI_TIMEOUT_MS = env.OPENAI_TIMEOUT_SECONDS * 1000;
/**
 * The calls go to OpenAI itself rather than to an OpenAI-compatible server (Ollama, vLLM …): said by
 * OPENAI_API_FLAVOR, else by the absence of OPENAI_BASE_URL. The tests point OPENAI_BASE_URL at the
 * sandbox with the flavor "openai", so OpenAI's own parameter rules are the ones exercised.
 */
export const aiIsOpenAiItself = env.OPENAI_API_FLAVOR ? env.OPENAI_API_FLAVOR === "openai" : !env.OPENAI_BASE_URL;

export function isAiOffline(): boolean {
  return !env.OPENAI_API_KEY;
}

let client: OpenAI | undefined;

export function openaiClient(): OpenAI {
  if (!env.OPENAI_API_KEY) throw new Error("openaiClient() called without OPENAI_API_KEY; check isAiOffline() first");
  client ??= new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    // Explicit, so the SDK never falls back to reading process.env itself.
    baseURL: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    organization: null,
    project: null,
    timeout: AI_TIMEOUT_MS,
    maxRetries: 0,
  });
  return client;
}

/** GET /api/openai/status: which writer answers. */
export function aiStatus(): { offline: boolean; model: string | null } {
  return isAiOffline() ? { offline: true, model: null } : { offline: false, model: aiModel };
}
