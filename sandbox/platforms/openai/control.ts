import { z } from "zod";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { OPENAI_FAULT_KINDS, QUOTA_CODES, openaiState, type OpenAIFault, type OpenAIFaultKind } from "./state";

/**
 * Test controls for the OpenAI-compatible API, under /_control/openai: faults for the next
 * requests, canned replies, settings, and the log of what the app asked.
 */

const faultSchema = z.object({
  kind: z.enum(OPENAI_FAULT_KINDS as [OpenAIFaultKind, ...OpenAIFaultKind[]]),
  count: z
    .number()
    .int()
    .refine((n) => n === -1 || n > 0, "count must be a positive number or -1 (until cleared)")
    .optional(),
  delayMs: z.number().int().nonnegative().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** insufficient_quota only: which of OpenAI's billing codes (default `insufficient_quota`). */
  code: z.enum(QUOTA_CODES).optional(),
});

/** A model to serve besides the built-in ones (or instead of one of them, by the same id). */
const modelSchema = z.object({
  id: z.string().min(1, "id must not be empty"),
  shutdownDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "shutdownDate must be YYYY-MM-DD")
    .nullable()
    .optional(),
  reasoning: z.boolean().optional(),
});

const repliesSchema = z.object({ replies: z.array(z.string()).min(1, "replies must hold at least one reply") });

const settingsSchema = z.object({
  contextLimit: z.number().int().positive().optional(),
  streamDelayMs: z.number().int().nonnegative().optional(),
});

/** One second: long enough to be a real Retry-After, short enough for an SDK that obeys it. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

function invalid(error: z.ZodError): SandboxResponse {
  const issue = error.issues[0];
  const message = issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body";
  return json(400, { error: "invalid_request", message });
}

async function addFault(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = faultSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const state = ctx.store.slice(openaiState);
  const fault: OpenAIFault = {
    id: state.nextFaultId++,
    kind: parsed.data.kind,
    remaining: parsed.data.count ?? 1,
    delayMs: parsed.data.delayMs ?? null,
    retryAfterSeconds: parsed.data.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
    quotaCode: parsed.data.code ?? "insufficient_quota",
  };
  state.faults.push(fault);
  return json(201, { fault });
}

function clearFaults(ctx: RequestContext): SandboxResponse {
  const state = ctx.store.slice(openaiState);
  const cleared = state.faults.length;
  state.faults = [];
  return json(200, { cleared });
}

async function queueReplies(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = repliesSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const state = ctx.store.slice(openaiState);
  state.replies.push(...parsed.data.replies);
  return json(201, { queued: state.replies.length });
}

function clearReplies(ctx: RequestContext): SandboxResponse {
  const state = ctx.store.slice(openaiState);
  const cleared = state.replies.length;
  state.replies = [];
  return json(200, { cleared });
}

async function updateSettings(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = settingsSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const state = ctx.store.slice(openaiState);
  state.settings = {
    contextLimit: parsed.data.contextLimit ?? state.settings.contextLimit,
    streamDelayMs: parsed.data.streamDelayMs ?? state.settings.streamDelayMs,
  };
  return json(200, { settings: state.settings });
}

async function addModel(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = modelSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const state = ctx.store.slice(openaiState);
  const model = {
    id: parsed.data.id,
    shutdownDate: parsed.data.shutdownDate ?? null,
    reasoning: parsed.data.reasoning ?? true,
  };
  state.models = [...state.models.filter((own) => own.id !== model.id), model];
  return json(201, { model });
}

export function registerOpenAIControl(router: Router): void {
  router
    .post("/_control/openai/faults", addFault)
    .get("/_control/openai/faults", (ctx) => json(200, { faults: ctx.store.slice(openaiState).faults }))
    .delete("/_control/openai/faults", clearFaults)
    .post("/_control/openai/replies", queueReplies)
    .get("/_control/openai/replies", (ctx) => json(200, { replies: ctx.store.slice(openaiState).replies }))
    .delete("/_control/openai/replies", clearReplies)
    .get("/_control/openai/requests", (ctx) => json(200, { requests: ctx.store.slice(openaiState).requests }))
    .get("/_control/openai/settings", (ctx) => json(200, { settings: ctx.store.slice(openaiState).settings }))
    .post("/_control/openai/settings", updateSettings)
    .post("/_control/openai/models", addModel);
}
