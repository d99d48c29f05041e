import { createHash } from "node:crypto";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import { stripeId, stripeState } from "./state";

/**
 * What every /v1 call shares: the secret key, Stripe's form encoding (`a[b][0]=c`), its error body
 * `{error:{type, code, message, param}}`, unknown parameters refused, list answers and
 * idempotency keys. Sources are in sandbox/README.md ("Stripe").
 */

export type StripeParams = { [key: string]: StripeParam };
export type StripeParam = string | StripeParam[] | StripeParams;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

export function stripeErrorResponse(error: StripeError): SandboxResponse {
  const body: Record<string, string> = { type: error.type, message: error.message };
  if (error.code) body.code = error.code;
  if (error.param) body.param = error.param;
  if (error.declineCode) body.decline_code = error.declineCode;
  if (error.code) body.doc_url = `https://docs.stripe.com/error-codes/${error.code.replace(/_/g, "-")}`;
  return json(error.status, { error: body }, { "request-id": stripeId("req", 14) });
}

export const missing = (param: string) =>
  new StripeError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);

export const invalid = (param: string, message: string) =>
  new StripeError(400, "invalid_request_error", message, "parameter_invalid_string", param);

export const noSuch = (kind: string, id: string, param = "id") =>
  new StripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);

/** `a[b][0]=c&a[b][1]=d` → `{a: {b: ["c", "d"]}}`, as Stripe reads its form bodies and queries. */
export function parseStripeParams(pairs: URLSearchParams): StripeParams {
  const root: StripeParams = {};
  for (const [fullKey, value] of pairs) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    if (!match) throw invalid(fullKey, `Invalid parameter name: ${fullKey}`);
    const path = [match[1] ?? "", ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: StripeParams | StripeParam[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i] ?? "";
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? "");
      if (Array.isArray(node)) {
        const index = segment === "" ? node.length : Number(segment);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as StripeParams | StripeParam[];
      } else {
        if (last) node[segment] = value;
        else node = (node[segment] ??= nextIsIndex ? [] : {}) as StripeParams | StripeParam[];
      }
      if (typeof node === "string") throw invalid(fullKey, `Invalid value for ${fullKey}: a parameter given twice.`);
    }
  }
  return root;
}

/** Stripe refuses what it does not know: "Received unknown parameter: x". */
export function allowOnly(params: StripeParams, allowed: string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key) && key !== "expand")
      throw new StripeError(
        400,
        "invalid_request_error",
        `Received unknown parameter: ${key}`,
        "parameter_unknown",
        key,
      );
  }
}

export function str(params: StripeParams, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(key, `Invalid string: ${key} must be a string.`);
  return value;
}

export function requiredStr(params: StripeParams, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === "") throw missing(key);
  return value;
}

export function int(params: StripeParams, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(key, `Invalid integer: ${value}`);
  return Number(value);
}

export function bool(params: StripeParams, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(key, `Invalid boolean: ${value}`);
  return value === "true";
}

export function obj(params: StripeParams, key: string): StripeParams | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value === "string" || Array.isArray(value)) throw invalid(key, `Invalid object: ${key} must be a hash.`);
  return value;
}

export function list(params: StripeParams, key: string): StripeParams[] {
  const value = params[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(key, `Invalid array: ${key} must be an array.`);
  return value.map((entry, index) => {
    if (typeof entry !== "object" || Array.isArray(entry)) throw invalid(`${key}[${index}]`, `Invalid object`);
    return entry;
  });
}

/** `metadata[k]=v`; an empty value removes the key, as Stripe does. */
export function metadata(params: StripeParams, current: Record<string, string> = {}): Record<string, string> {
  const given = obj(params, "metadata");
  if (!given) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== "string") throw invalid(`metadata[${key}]`, "Metadata values must be strings.");
    if (value === "") delete next[key];
    else next[key] = value;
  }
  return next;
}

export function expandList(params: StripeParams): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string"))
    throw invalid("expand", "Invalid array: expand must be an array of strings.");
  return value as string[];
}

export function listAnswer<T extends { id: string; created: number }>(
  items: T[],
  url: string,
  params: StripeParams,
): Record<string, unknown> {
  const limit = int(params, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalid("limit", "Invalid integer: limit must be between 1 and 100.");
  // Newest first, ties by id, as Stripe lists; starting_after pages on.
  const sorted = [...items].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = str(params, "starting_after");
  const start = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
  if (after && start === 0) throw noSuch("object", after, "starting_after");
  const page = sorted.slice(start, start + limit);
  return { object: "list", data: page, has_more: start + limit < sorted.length, url };
}

export type StripeHandler = (ctx: RequestContext, params: StripeParams) => Promise<unknown> | unknown;

/**
 * Wraps a /v1 handler: checks the secret key, reads the parameters (query for GET and DELETE, form
 * body otherwise), replays an answer for a repeated `Idempotency-Key`, and turns a StripeError into
 * Stripe's error body.
 */
export function stripeRoute(handler: StripeHandler, status = 200) {
  return async (ctx: RequestContext): Promise<SandboxResponse> => {
    try {
      const auth = ctx.headers.authorization ?? "";
      const key = /^Bearer (\S+)$/.exec(auth)?.[1] ?? (/^Basic (\S+)$/.test(auth) ? basicKey(auth) : undefined);
      if (!key)
        return stripeErrorResponse(
          new StripeError(
            401,
            "invalid_request_error",
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          ),
        );
      if (!/^(sk|rk)_test_\w+$/.test(key))
        return stripeErrorResponse(
          new StripeError(401, "invalid_request_error", `Invalid API Key provided: ${mask(key)}`, "api_key_invalid"),
        );
      const version = ctx.headers["stripe-version"];
      if (typeof version === "string" && !/^\d{4}-\d{2}-\d{2}(\.\w+)?$/.test(version))
        throw invalid("Stripe-Version", `Invalid Stripe API version: ${version}`);
      const hasBody = ctx.method === "POST";
      const raw = hasBody ? await ctx.text() : ctx.url.search.slice(1);
      const params = parseStripeParams(new URLSearchParams(raw));
      const idempotencyKey = hasBody ? ctx.headers["idempotency-key"] : undefined;
      const state = ctx.store.slice(stripeState);
      const fingerprint = createHash("sha256").update(`${ctx.method} ${ctx.url.pathname}\n${raw}`).digest("hex");
      if (typeof idempotencyKey === "string") {
        const earlier = state.idempotency.get(idempotencyKey);
        if (earlier) {
          if (earlier.request !== fingerprint)
            throw new StripeError(
              400,
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          return json(earlier.status, JSON.parse(earlier.body), { "idempotent-replayed": "true" });
        }
      }
      let answer: SandboxResponse;
      try {
        answer = json(status, await handler(ctx, params), { "request-id": stripeId("req", 14) });
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        answer = stripeErrorResponse(error);
      }
      // Stripe saves the answer to a key, errors included, except when the request was refused before it ran.
      if (typeof idempotencyKey === "string" && answer.status !== 401)
        state.idempotency.set(idempotencyKey, { request: fingerprint, status: answer.status, body: answer.body });
      return answer;
    } catch (error) {
      if (error instanceof StripeError) return stripeErrorResponse(error);
      throw error;
    }
  };
}

function basicKey(auth: string): string | undefined {
  const decoded = Buffer.from(auth.slice(6), "base64").toString();
  return decoded.split(":")[0] || undefined;
}

function mask(key: string): string {
  return key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
}

/**
 * `billing_mode[type]` of a new subscription (or of Checkout's `subscription_data`): flexible
 * unless `classic` is asked, Stripe's default since 2025-09-30.clover
 * (docs.stripe.com/changelog/clover/2025-09-30/billing-mode-default-flexible).
 */
export function billingModeParam(params: StripeParams, prefix = ""): "classic" | "flexible" {
  const mode = obj(params, "billing_mode");
  if (!mode) return "flexible";
  allowOnly(mode, ["type"]);
  const type = str(mode, "type");
  if (type === "classic" || type === "flexible") return type;
  throw invalid(`${prefix}billing_mode[type]`, `Invalid billing_mode[type]: must be one of classic or flexible`);
}
