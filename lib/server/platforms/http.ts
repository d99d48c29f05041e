import { PlatformError } from "./errors";

/** The platform modules' one way to make a request: a time limit, and the body parsed when it is JSON. */

export interface PlatformResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export async function platformRequest(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<PlatformResponse> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new PlatformError(
      "transient",
      timedOut ? "The platform did not answer in time" : "Could not reach the platform",
    );
  }
  const text = await response.text().catch(() => "");
  let body: unknown = text;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
  }
  return { status: response.status, headers: response.headers, body };
}

export const form = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, value);
  return params;
};

export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** Seconds from now as a Date, or null when the platform gave no lifetime. */
export const expiresIn = (seconds: unknown, now = Date.now()) =>
  typeof seconds === "number" && seconds > 0 ? new Date(now + seconds * 1000) : null;

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const asString = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
export const asNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/**
 * A moment the platform named on its own clock (a rate limit's reset) as a moment on ours: the
 * same distance ahead of now as it is ahead of the answer's `Date`, so neither a skewed clock here
 * nor one there makes us wait too little. Without a readable `Date`, the platform's clock is ours.
 */
export function onOurClock(platformMs: number, headers: Headers, now = Date.now()): Date {
  const serverNow = Date.parse(headers.get("date") ?? "");
  return new Date(Number.isNaN(serverNow) ? platformMs : now + (platformMs - serverNow));
}

/** The platform's time of an answer (its `Date`), or ours when it sent none. */
export const platformNow = (headers: Headers, now = Date.now()): Date => {
  const serverNow = Date.parse(headers.get("date") ?? "");
  return new Date(Number.isNaN(serverNow) ? now : serverNow);
};
