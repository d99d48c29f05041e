import type { IncomingMessage } from "node:http";
import { BadRequestError } from "./responses";
import type { RequestContext } from "./router";
import type { SandboxStore } from "./state";

/** Enough for an image upload (X caps images at 5 MB, Facebook photos at 10 MB); more is a client bug. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The scheme and host the client used. OAuth issuers and redirect targets must echo exactly what
 * the client configured, so the sandbox mirrors the Host header (or a proxy's X-Forwarded-*).
 */
export function baseUrlOf(request: IncomingMessage, fallbackHost: string): string {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  const proto = first(request.headers["x-forwarded-proto"]) || "http";
  const host = first(request.headers["x-forwarded-host"]) || request.headers.host || fallbackHost;
  return `${proto}://${host}`;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BadRequestError("Request body too large", 413));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Google's token endpoint also takes JSON; flatten it to the same key/value view as a form. */
function jsonToForm(value: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string" || typeof item === "number" || typeof item === "boolean")
        params.set(key, String(item));
    }
  }
  return params;
}

export function createRequestContext(
  request: IncomingMessage,
  url: URL,
  baseUrl: string,
  store: SandboxStore,
  params: Record<string, string | undefined>,
  signal: AbortSignal = new AbortController().signal,
): RequestContext {
  let body: Promise<Buffer> | undefined;
  const raw = () => (body ??= readBody(request));
  const text = async () => (await raw()).toString("utf8");
  const isJson = () => /application\/json/i.test(request.headers["content-type"] ?? "");
  const json = async (): Promise<unknown> => {
    const raw = await text();
    if (raw.trim() === "") return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new BadRequestError("Body is not valid JSON");
    }
  };
  return {
    method: (request.method ?? "GET").toUpperCase(),
    url,
    params,
    query: url.searchParams,
    headers: request.headers,
    baseUrl,
    store,
    signal,
    raw,
    text,
    json,
    form: async () => (isJson() ? jsonToForm(await json()) : new URLSearchParams(await text())),
  };
}
