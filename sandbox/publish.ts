import { text, type SandboxResponse } from "./responses";
import type { RequestContext } from "./router";
import {
  publishState,
  recordCall,
  takeFault,
  type FaultKind,
  type PublishFault,
  type PublishOperation,
  type PublishPlatform,
} from "./publish-state";

/**
 * The path every publishing call takes, whatever the platform: the configured latency, faults that
 * fire before the platform accepts anything, the platform's own work, then faults that fire after
 * it accepted (the post is recorded, the answer is lost). Each platform says how its faults look.
 */

export interface PublishCall {
  platform: PublishPlatform;
  operation: PublishOperation;
  /** Facebook Page id, X user id, LinkedIn member sub. */
  target: string;
}

/** The platform's own answer for each fault kind (timeouts look the same everywhere); `now` is sandbox time. */
export type FaultResponses = Record<
  Exclude<FaultKind, "timeout">,
  (fault: PublishFault, now: number) => SandboxResponse
>;

/** Waits `ms`, or less if the client hangs up first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Until the client gives up (or the sandbox closes its connections). */
export const hang = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });

/** A gateway's answer, not the platform's: plain text, as the real edge proxies send. */
const gatewayTimeout = () => text(504, "upstream request timeout");

async function faultResponse(ctx: RequestContext, fault: PublishFault, responses: FaultResponses) {
  if (fault.kind === "timeout" || fault.drop) {
    if (fault.delayMs !== null) await pause(fault.delayMs, ctx.signal);
    else if (fault.kind === "timeout") await hang(ctx.signal);
  }
  if (fault.drop) return { ...gatewayTimeout(), drop: true };
  return fault.kind === "timeout" ? gatewayTimeout() : responses[fault.kind](fault, ctx.store.now());
}

export async function runPublish(
  ctx: RequestContext,
  call: PublishCall,
  responses: FaultResponses,
  accept: () => SandboxResponse | Promise<SandboxResponse>,
): Promise<SandboxResponse> {
  // Logged on arrival, as the platform would count it against a rate limit.
  const query = ctx.query.toString();
  const record = recordCall(ctx.store, {
    ...call,
    ...(query ? { query } : {}),
    ...(ctx.batch === undefined ? {} : { batch: ctx.batch }),
  });
  const result = await answer(ctx, call, responses, accept);
  record.status = ctx.signal.aborted ? null : result.status;
  return result;
}

async function answer(
  ctx: RequestContext,
  call: PublishCall,
  responses: FaultResponses,
  accept: () => SandboxResponse | Promise<SandboxResponse>,
): Promise<SandboxResponse> {
  const state = ctx.store.slice(publishState);
  const latencyMs = state.targetLatencyMs[call.target] ?? state.latencyMs;
  if (latencyMs > 0) await pause(latencyMs, ctx.signal);
  const before = takeFault(ctx.store, call, false);
  if (before) return faultResponse(ctx, before, responses);
  const result = await accept();
  // A refused request was not accepted, so an after-accept fault waits for one that is.
  if (result.status >= 300) return result;
  const after = takeFault(ctx.store, call, true);
  return after ? faultResponse(ctx, after, responses) : result;
}

export interface UploadedFile {
  filename: string;
  contentType: string;
  bytes: number;
}

export interface RequestFields {
  values: Map<string, string>;
  files: Map<string, UploadedFile>;
}

function addJson(values: Map<string, string>, data: unknown): void {
  if (!data || typeof data !== "object" || Array.isArray(data)) return;
  for (const [key, item] of Object.entries(data)) {
    if (item === null || item === undefined) continue;
    values.set(key, typeof item === "object" ? JSON.stringify(item) : String(item));
  }
}

/**
 * The request's parameters however they came: query string, then (overriding it) a form, JSON or
 * multipart body. JSON objects and arrays stay JSON text (Graph's `attached_media`).
 */
export async function readFields(ctx: RequestContext, withQuery = true): Promise<RequestFields> {
  const values = new Map<string, string>(withQuery ? ctx.query : []);
  const files = new Map<string, UploadedFile>();
  const contentType = ctx.headers["content-type"] ?? "";
  if (/^multipart\/form-data/i.test(contentType)) {
    let data: FormData;
    try {
      data = await new Response(new Uint8Array(await ctx.raw()), {
        headers: { "content-type": contentType },
      }).formData();
    } catch {
      return { values, files };
    }
    for (const [name, item] of data.entries()) {
      if (typeof item === "string") values.set(name, item);
      else files.set(name, { filename: item.name, contentType: item.type, bytes: item.size });
    }
  } else if (/application\/json/i.test(contentType)) {
    addJson(values, await ctx.json());
  } else if (ctx.method !== "GET") {
    for (const [key, value] of new URLSearchParams(await ctx.text())) values.set(key, value);
  }
  return { values, files };
}
