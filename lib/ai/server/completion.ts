import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { AI_TIMEOUT_MS, aiIsOpenAiItself, aiModel, isAiOffline, openaiClient } from "./client";
import { aiError, toAiError } from "./errors";
import { streamPieces } from "./offline";
import type { PromptMessage } from "./prompts";
import { recordAiUsage, withAiRequest, type AiOperation } from "./usage";
import { lengthParams } from "./model-params";
import { noteAiFailure, noteAiSuccess } from "./provider-status";

/**
 * Talking to the model: one answer, or a stream of pieces. Every failure leaves here as an
 * ApiError with the contract's code and message (errors.ts). The offline writer takes the same
 * paths, so callers (and the UI) cannot tell the difference except by `offline`.
 */

export interface AiAnswer {
  text: string;
  tokensIn: number;
  tokensOut: number;
  model: string;
  offline: boolean;
}

export const OFFLINE_MODEL = "offline-writer";

/** Rough tokens when a server reports no usage (some OpenAI-compatible servers do not). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

async function completeOnline(messages: PromptMessage[], maxTokens: number): Promise<AiAnswer> {
  try {
    const completion = await openaiClient().chat.completions.create({
      model: aiModel,
      messages,
      ...lengthParams(aiModel, maxTokens, aiIsOpenAiItself),
    });
    await noteAiSuccess();
    const text = completion.choices[0]?.message?.content ?? "";
    if (!text.trim()) throw aiError("ai_error");
    return {
      text,
      tokensIn:
        completion.usage?.prompt_tokens ?? estimateTokens(messages.map((message) => message.content).join("\n")),
      tokensOut: completion.usage?.completion_tokens ?? estimateTokens(text),
      model: completion.model || aiModel,
      offline: false,
    };
  } catch (error) {
    await noteAiFailure(error);
    throw toAiError(error);
  }
}

export interface AiCall {
  workspaceId: string;
  operation: AiOperation;
  messages: PromptMessage[];
  maxTokens: number;
  /** The offline writer's answer, used when no model is configured. */
  offline: () => string;
  /** Recorded with the usage (e.g. "publish" for the worker). */
  source?: string;
}

/** The model's answer, or the offline writer's when no model is configured. No allowance, no record. */
export async function answerOnce(
  messages: PromptMessage[],
  maxTokens: number,
  offline: () => string,
): Promise<AiAnswer> {
  if (isAiOffline()) return { text: offline(), tokensIn: 0, tokensOut: 0, model: OFFLINE_MODEL, offline: true };
  return completeOnline(messages, maxTokens);
}

/** A one-shot operation: the plan's allowance, the model (or the offline writer), one usage record. */
export async function runAi(call: AiCall): Promise<AiAnswer> {
  return withAiRequest(call.workspaceId, call.operation, async (reservation) => {
    const answer = await answerOnce(call.messages, call.maxTokens, call.offline);
    await recordAiUsage(call.workspaceId, {
      operation: call.operation,
      model: answer.model,
      tokensIn: answer.tokensIn,
      tokensOut: answer.tokensOut,
      offline: answer.offline,
      source: call.source,
      reservation,
    });
    return answer;
  });
}

export interface AiStream {
  offline: boolean;
  /** The answer's pieces as they arrive; throws an ApiError when the stream fails or stalls. */
  pieces: AsyncGenerator<string, void, undefined>;
  /** Tokens and model, known once `pieces` is exhausted. */
  usage(): { tokensIn: number; tokensOut: number; model: string };
  /** Stops the upstream request (the client went away). */
  abort(): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** Thrown from `pieces` after `abort()`: the answer is incomplete and must not be stored. */
export class AiStreamCancelledError extends Error {
  constructor() {
    super("The client went away before the answer was complete");
    this.name = "AiStreamCancelledError";
  }
}

function offlineStream(text: string): AiStream {
  const controller = new AbortController();
  async function* pieces() {
    for (const piece of streamPieces(text)) {
      if (controller.signal.aborted) throw new AiStreamCancelledError();
      yield piece;
      // A little pacing, so the UI's streaming path behaves as it does with a model.
      await sleep(15, controller.signal);
    }
  }
  return {
    offline: true,
    pieces: pieces(),
    usage: () => ({ tokensIn: 0, tokensOut: 0, model: OFFLINE_MODEL }),
    abort: () => controller.abort(),
  };
}

/**
 * Opens a streamed answer. Resolves once the provider has accepted the request (so a refusal such
 * as a rate limit is thrown here, before anything is sent to the client); later failures, and a
 * pause longer than the timeout between pieces, are thrown from `pieces`.
 */
export async function openAiStream(
  messages: PromptMessage[],
  maxTokens: number,
  offlineText: () => string,
): Promise<AiStream> {
  if (isAiOffline()) return offlineStream(offlineText());
  const controller = new AbortController();
  let stream: AsyncIterable<ChatCompletionChunk>;
  try {
    stream = await openaiClient().chat.completions.create(
      {
        model: aiModel,
        messages,
        ...lengthParams(aiModel, maxTokens, aiIsOpenAiItself),
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal: controller.signal },
    );
  } catch (error) {
    await noteAiFailure(error);
    throw toAiError(error);
  }
  await noteAiSuccess();
  let usage = { tokensIn: 0, tokensOut: 0, model: aiModel };
  let text = "";
  let reported = false;
  let timedOut = false;
  let cancelled = false;
  async function* pieces() {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, AI_TIMEOUT_MS);
    };
    arm();
    try {
      for await (const chunk of stream) {
        arm();
        if (chunk.model) usage.model = chunk.model;
        if (chunk.usage) {
          reported = true;
          usage = { ...usage, tokensIn: chunk.usage.prompt_tokens, tokensOut: chunk.usage.completion_tokens };
        }
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          yield piece;
        }
      }
    } catch (error) {
      if (cancelled) throw new AiStreamCancelledError();
      throw timedOut ? aiError("ai_timeout") : toAiError(error);
    } finally {
      clearTimeout(timer);
    }
    // The SDK ends an aborted stream quietly: either the client went away or the stream stalled.
    if (cancelled) throw new AiStreamCancelledError();
    if (timedOut) throw aiError("ai_timeout");
    if (!text.trim()) throw aiError("ai_error");
  }
  // Until the server reports usage (at the end, if ever), an estimate of what was spent so far.
  const usageSoFar = () =>
    reported
      ? usage
      : {
          ...usage,
          tokensIn: estimateTokens(messages.map((message) => message.content).join("\n")),
          tokensOut: estimateTokens(text),
        };
  const abort = () => {
    cancelled = true;
    controller.abort();
  };
  return { offline: false, pieces: pieces(), usage: usageSoFar, abort };
}
