import { endpoints } from "./endpoints";
import { PlatformError } from "@/lib/networks/server/errors";
import { graphBatcher } from "./batch";
import { asNumber, asRecord, asString, platformRequest, type PlatformResponse } from "@/lib/networks/server/http";
import { fileBlob, mediaRefused } from "@/lib/networks/server/media";
import { noteServedGraphVersion } from "./served-versions";
import type { PlatformOperation, PublishInput, PublishMedia } from "@/lib/networks/server/types";

/** The Graph API plumbing of the Facebook module: hosts, errors, requests, Page edges. */

export const graph = `${endpoints.graph}/${endpoints.graphVersion}`;
const graphVideo = `${endpoints.graphVideo}/${endpoints.graphVersion}`;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001]);
const TRANSIENT_CODES = new Set([1, 2, 341]);

/** Graph errors are `{ error: { message, code, error_subcode } }` with HTTP 400, whatever the cause. */
export function graphError(response: PlatformResponse): PlatformError {
  const error = asRecord(asRecord(response.body).error);
  const code = asNumber(error.code) ?? 0;
  const message = asString(error.message) ?? `Facebook answered HTTP ${response.status}`;
  const details = { status: response.status, code };
  if (code === 190 || code === 102) return new PlatformError("expired_token", message, details);
  if (RATE_LIMIT_CODES.has(code))
    return new PlatformError("rate_limited", message, { ...details, resetAt: regainAccessAt(response.headers) });
  if (code === 10 || (code >= 200 && code <= 299)) return new PlatformError("permission", message, details);
  if (code === 506 || (code === 368 && /already posted|duplicate/i.test(message)))
    return new PlatformError("duplicate", message, details);
  if (TRANSIENT_CODES.has(code) || response.status >= 500) return new PlatformError("transient", message, details);
  return new PlatformError("invalid_request", message, details);
}

/**
 * When a throttled Page may call again: the longest `estimated_time_to_regain_access` (minutes) in
 * X-Business-Use-Case-Usage; undefined when Graph did not say.
 */
function regainAccessAt(headers: Headers, now = Date.now()): Date | undefined {
  let minutes = 0;
  try {
    for (const entries of Object.values(asRecord(JSON.parse(headers.get("x-business-use-case-usage") ?? "{}")))) {
      for (const entry of Array.isArray(entries) ? entries : [])
        minutes = Math.max(minutes, asNumber(asRecord(entry).estimated_time_to_regain_access) ?? 0);
    }
  } catch {
    return undefined;
  }
  return minutes > 0 ? new Date(now + minutes * 60_000) : undefined;
}

/** Every Graph call: the answer's `facebook-api-version` says which version really served it. */
export async function graphRequest(
  url: string,
  init?: Parameters<typeof platformRequest>[1],
): Promise<PlatformResponse> {
  const response = await platformRequest(url, init);
  noteServedGraphVersion(response.headers);
  return response;
}

export async function graphGet(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  const url = path.startsWith("http") ? path : `${graph}${path}?${new URLSearchParams(params)}`;
  const response = await graphRequest(url);
  if (response.status !== 200) throw graphError(response);
  return asRecord(response.body);
}

export const postUrl = (id: string) => `https://www.facebook.com/${id}`;
/** Long enough for a video of our largest upload size in one request. */
export const VIDEO_TIMEOUT_MS = 120_000;

/** Feed posts made at the same moment share one batch request (facebook-batch.ts). */
const feedCalls = graphBatcher(graph, (url, body) => graphRequest(url, { method: "POST", body }));

/** A feed post (its form carries the Page's token), after the engine's go-ahead. */
export async function feedPost(input: PublishInput, body: URLSearchParams): Promise<Record<string, unknown>> {
  await input.beforeRequest("post");
  const answer = await feedCalls({ relativeUrl: `${encodeURIComponent(input.pageId)}/feed`, body });
  if ("error" in answer) throw answer.error;
  if (answer.response.status !== 200) throw graphError(answer.response);
  return asRecord(answer.response.body);
}

/** A POST to one of the Page's edges with its token, after the engine's go-ahead. */
export async function pagePost(
  input: PublishInput,
  operation: PlatformOperation,
  edge: string,
  body: URLSearchParams | FormData,
  timeoutMs?: number,
) {
  await input.beforeRequest(operation);
  // Videos go to graph-video.facebook.com, as the Video API's publishing guide says.
  const host = edge === "videos" ? graphVideo : graph;
  const response = await graphRequest(`${host}/${encodeURIComponent(input.pageId)}/${edge}`, {
    method: "POST",
    body,
    timeoutMs,
  });
  if (response.status !== 200) throw graphError(response);
  return asRecord(response.body);
}

/** A multipart upload of one file as `source` (photos, videos); refusals name the file. */
export async function upload(
  input: PublishInput,
  operation: PlatformOperation,
  edge: "photos" | "videos",
  item: PublishMedia,
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...fields, access_token: input.pageAccessToken ?? "" }))
    form.set(key, value);
  if (item.altText && edge === "photos") form.set("alt_text_custom", item.altText);
  form.set("source", await fileBlob(item), item.filename);
  try {
    return await pagePost(input, operation, edge, form, edge === "videos" ? VIDEO_TIMEOUT_MS : undefined);
  } catch (error) {
    throw mediaRefused(error, "facebook", item);
  }
}
