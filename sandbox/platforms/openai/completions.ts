import { randomBytes } from "node:crypto";
import { hang, pause } from "../../publish";
import { eventStream, json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import {
  checkApiKey,
  contextLengthExceeded,
  insufficientQuota,
  invalidRequest,
  modelNotFound,
  rateLimited,
  requestIdHeader,
  serverError,
} from "./errors";
import { defaultReply, finishReply, promptTokens, streamPieces, type FinishedReply } from "./reply";
import { servedModel } from "./models";
import { UNPARSEABLE_JSON, parseChatRequest, refuseUnsupported, type ChatRequest } from "./request";
import { openaiState, takeCannedReply, takeOpenAIFault, type OpenAIFault, type OpenAIRequestRecord } from "./state";

/**
 * POST /openai/v1/chat/completions: the key check, OpenAI's validation, the model (404 model_not_found
 * when it is not served, then the parameters it refuses), queued faults, the context
 * limit, then a reply (a queued one, else the default) as one `chat.completion` or as a stream of
 * `chat.completion.chunk` events. Every request past validation is logged for the control API.
 */

const SYSTEM_FINGERPRINT = "fp_sandbox";

function completionId(): string {
  return `chatcmpl-${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** The body as JSON, or null when it is not JSON at all (OpenAI's own "could not parse" error). */
async function readBody(ctx: RequestContext): Promise<unknown> {
  try {
    return JSON.parse(await ctx.text()) as unknown;
  } catch {
    return null;
  }
}

function faultAnswer(fault: OpenAIFault, request: ChatRequest, limit: number, prompt: number): SandboxResponse {
  switch (fault.kind) {
    case "rate_limit":
      return rateLimited(request.model, fault);
    case "insufficient_quota":
      return insufficientQuota(fault.quotaCode);
    case "server_error":
      return serverError();
    default:
      // Reported as just over the limit, whatever the prompt was: the test asked for this failure.
      return contextLengthExceeded(limit, Math.max(prompt, limit + 1), null);
  }
}

function completionBody(record: OpenAIRequestRecord, finished: FinishedReply, created: number) {
  return {
    id: record.id,
    object: "chat.completion",
    created,
    model: record.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: finished.content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finished.finishReason,
      },
    ],
    usage: {
      ...finished.usage,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

/** Role first, then a word at a time with `delayMs` between, the finish reason, usage if asked, [DONE]. */
function streamAnswer(
  record: OpenAIRequestRecord,
  finished: FinishedReply,
  created: number,
  includeUsage: boolean,
  delayMs: number,
): SandboxResponse {
  return eventStream(async (send, signal) => {
    const chunk = (choices: unknown[], usage: unknown = null) => {
      const data = {
        id: record.id,
        object: "chat.completion.chunk",
        created,
        model: record.model,
        service_tier: "default",
        system_fingerprint: SYSTEM_FINGERPRINT,
        choices,
        ...(includeUsage ? { usage } : {}),
      };
      send(`data: ${JSON.stringify(data)}\n\n`);
    };
    const choice = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finishReason,
    });
    chunk([choice({ role: "assistant", content: "", refusal: null })]);
    for (const piece of streamPieces(finished.content)) {
      await pause(delayMs, signal);
      if (signal.aborted) return;
      chunk([choice({ content: piece })]);
    }
    chunk([choice({}, finished.finishReason)]);
    if (includeUsage) chunk([], finished.usage);
    send("data: [DONE]\n\n");
  }, requestIdHeader());
}

async function createCompletion(ctx: RequestContext): Promise<SandboxResponse> {
  const denied = checkApiKey(ctx);
  if (denied) return denied;
  const body = await readBody(ctx);
  if (body === null) return invalidRequest(UNPARSEABLE_JSON);
  const parsed = parseChatRequest(body);
  if (!parsed.ok) return invalidRequest(parsed.error.message, parsed.error.param, parsed.error.code);
  const { request } = parsed;
  const state = ctx.store.slice(openaiState);
  const model = servedModel(request.model, ctx.store.now(), state.models);
  if (!model) return modelNotFound(request.model);
  const refused = refuseUnsupported(model.reasoning, body as Record<string, unknown>);
  if (refused && !refused.ok) return invalidRequest(refused.error.message, refused.error.param, refused.error.code);
  const created = Math.floor(ctx.store.now() / 1000);
  const record: OpenAIRequestRecord = {
    id: completionId(),
    body,
    model: request.model,
    messages: request.messages,
    stream: request.stream,
    max_tokens: request.maxTokens,
    status: 200,
    error: null,
    reply: null,
    finish_reason: null,
    usage: null,
    createdAt: new Date(ctx.store.now()).toISOString(),
  };
  state.requests.push(record);
  const failed = (response: SandboxResponse, code: string) => {
    record.status = response.status;
    record.error = code;
    return response;
  };

  const prompt = promptTokens(request.messages);
  const { contextLimit, streamDelayMs } = state.settings;
  const fault = takeOpenAIFault(ctx.store);
  if (fault?.kind === "slow") {
    if (fault.delayMs === null) await hang(ctx.signal);
    else await pause(fault.delayMs, ctx.signal);
    // Nobody is left to answer (the client's timeout fired): the log says so instead of "200".
    if (ctx.signal.aborted) {
      record.status = 499;
      record.error = "client_closed_request";
      return serverError();
    }
  } else if (fault) {
    const answer = faultAnswer(fault, request, contextLimit, prompt);
    const code =
      fault.kind === "rate_limit"
        ? "rate_limit_exceeded"
        : fault.kind === "insufficient_quota"
          ? fault.quotaCode
          : fault.kind;
    return failed(answer, code);
  }
  if (prompt + (request.maxTokens ?? 0) > contextLimit)
    return failed(contextLengthExceeded(contextLimit, prompt, request.maxTokens), "context_length_exceeded");

  const finished = finishReply(takeCannedReply(ctx.store) ?? defaultReply(request.messages), request.maxTokens, prompt);
  record.reply = finished.content;
  record.finish_reason = finished.finishReason;
  record.usage = finished.usage;
  if (request.stream) return streamAnswer(record, finished, created, request.includeUsage, streamDelayMs);
  return json(200, completionBody(record, finished, created), requestIdHeader());
}

export function registerOpenAICompletions(router: Router): void {
  router.post("/openai/v1/chat/completions", createCompletion);
}
