import { defineSlice, type SandboxStore } from "../../state";
import type { SandboxModel } from "./models";

/**
 * What the OpenAI-compatible API remembers: replies tests queued, the trouble they asked for, its
 * settings, and every completion request it answered (so a test can read the prompt the app built
 * and the tokens it was billed). POST /_control/reset forgets all of it.
 */

export type OpenAIFaultKind = "rate_limit" | "insufficient_quota" | "context_length_exceeded" | "server_error" | "slow";
export const OPENAI_FAULT_KINDS: OpenAIFaultKind[] = [
  "rate_limit",
  "insufficient_quota",
  "context_length_exceeded",
  "server_error",
  "slow",
];

/**
 * The `code`s of OpenAI's billing refusals: all 429 with `type: insufficient_quota`, none fixed by
 * waiting. Source: developers.openai.com/api/docs/guides/error-codes (429 - Credit balance
 * exhausted, organization/project spend limit, organization usage limit) and help.openai.com
 * "Troubleshooting API usage and spend limits"; `insufficient_quota` itself is the older code.
 */
export const QUOTA_CODES = [
  "insufficient_quota",
  "credit_balance_exhausted",
  "organization_spend_limit_exceeded",
  "project_spend_limit_exceeded",
  "organization_usage_limit_exceeded",
] as const;
export type QuotaCode = (typeof QUOTA_CODES)[number];

export interface OpenAIFault {
  id: number;
  kind: OpenAIFaultKind;
  /** Requests still to hit; -1 = until cleared. Each SDK retry is a request of its own. */
  remaining: number;
  /** slow: how long to hold the answer; null = until the client hangs up. */
  delayMs: number | null;
  /** rate_limit: the wait announced in `retry-after` (the SDK sleeps exactly that before retrying). */
  retryAfterSeconds: number;
  /** insufficient_quota: which billing refusal (`code`), all with `type: insufficient_quota`. */
  quotaCode: QuotaCode;
}

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface OpenAIMessage {
  role: string;
  /** The text the message carries (string content, or its text parts joined). */
  content: string;
}

/** One POST /chat/completions that passed validation, as GET /_control/openai/requests lists it. */
export interface OpenAIRequestRecord {
  id: string;
  /** The JSON body exactly as the client sent it, so tests can check it against OpenAI's schema. */
  body: unknown;
  model: string;
  messages: OpenAIMessage[];
  stream: boolean;
  /** max_completion_tokens, else max_tokens; null when neither was sent. */
  max_tokens: number | null;
  /** 200, or the status of the error answered (a fault, the context limit). */
  status: number;
  /** The OpenAI error code answered (`rate_limit_exceeded`…); null on success. */
  error: string | null;
  reply: string | null;
  finish_reason: "stop" | "length" | null;
  usage: OpenAIUsage | null;
  createdAt: string;
}

export interface OpenAISettings {
  /** The model's context window in estimated tokens (prompt + requested completion). */
  contextLimit: number;
  /** Pause between streamed chunks, so a UI can be seen streaming. */
  streamDelayMs: number;
}

export const DEFAULT_OPENAI_SETTINGS: OpenAISettings = { contextLimit: 32_000, streamDelayMs: 15 };

interface OpenAIState {
  replies: string[];
  faults: OpenAIFault[];
  requests: OpenAIRequestRecord[];
  settings: OpenAISettings;
  nextFaultId: number;
  /** Models a test added (POST /_control/openai/models), served besides the built-in ones. */
  models: SandboxModel[];
}

export const openaiState = defineSlice<OpenAIState>(
  "openai",
  () => ({
    replies: [],
    faults: [],
    requests: [],
    settings: { ...DEFAULT_OPENAI_SETTINGS },
    nextFaultId: 1,
    models: [],
  }),
  (state) => ({
    settings: state.settings,
    faults: state.faults,
    pendingReplies: state.replies.length,
    requestCount: state.requests.length,
    addedModels: state.models,
  }),
);

/** The next fault, used up by one (a fault with `remaining` -1 stays until cleared). */
export function takeOpenAIFault(store: SandboxStore): OpenAIFault | undefined {
  const state = store.slice(openaiState);
  const fault = state.faults[0];
  if (!fault) return undefined;
  if (fault.remaining > 0) {
    fault.remaining -= 1;
    if (fault.remaining === 0) state.faults.shift();
  }
  return fault;
}

/** The next queued reply, if a test queued one. */
export function takeCannedReply(store: SandboxStore): string | undefined {
  return store.slice(openaiState).replies.shift();
}
