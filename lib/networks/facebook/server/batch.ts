import { coalesce, lane } from "@/lib/server/coalesce";
import { PlatformError, isPlatformError } from "@/lib/networks/server/errors";
import { asRecord, type PlatformResponse } from "@/lib/networks/server/http";

/**
 * Page posts made at the same moment go to Graph together, up to 50 in one batch request
 * (developers.facebook.com/docs/graph-api/batch-requests). At 09:00:00 thousands of posts fall due
 * and most are Page feed posts: one request for fifty costs Graph's front end, the network and this
 * process about what one costs, where each call on its own paid all of it (docs/benchmarks.md ›
 * publish-lag). Graph counts every operation as one call against the Page's limits, and
 * each operation carries its own Page token, so a batch changes nothing a single call decides.
 *
 * Each caller gets the answer its own call would have had, read from the batch's array:
 * - a whole batch refused with a 4xx ran nothing (Graph checks the request before its operations),
 *   so each call is then sent on its own and answered by its own request;
 * - a batch that failed on the way, timed out or answered 5xx may have run any of its operations:
 *   each call gets that transient error, as a single call that timed out would, so the engine looks
 *   for the post before sending again;
 * - an operation Graph gave up on answers null: the same, "may have gone out".
 */

export const MAX_BATCH = 50;
/** Batches in flight at once per process; calls made meanwhile wait and go in the next. */
const BATCHES_IN_FLIGHT = 4;

export interface GraphCall {
  /** Relative to the versioned Graph root, without a leading slash: `{page-id}/feed`. */
  relativeUrl: string;
  /** The call's form, its own `access_token` included. */
  body: URLSearchParams;
}

/** How one call was answered: Graph's answer (any status), or an error before one came. */
export type GraphAnswer = { response: PlatformResponse } | { error: PlatformError };

type Send = (url: string, body: URLSearchParams) => Promise<PlatformResponse>;

const asError = (error: unknown): PlatformError =>
  isPlatformError(error) ? error : new PlatformError("transient", "Could not reach the platform");

const gaveUp = () =>
  new PlatformError("transient", "Facebook did not finish this call within its batch; it may have gone out");

function headersOf(value: unknown): Headers {
  const headers = new Headers();
  for (const entry of Array.isArray(value) ? value : []) {
    const { name, value: text } = asRecord(entry);
    if (typeof name === "string" && typeof text === "string") headers.append(name, text);
  }
  return headers;
}

/** One operation's entry, `{code, headers, body}` with `body` the JSON text of its answer. */
function answerOf(entry: unknown): GraphAnswer {
  const { code, headers, body } = asRecord(entry);
  if (entry === null || typeof code !== "number") return { error: gaveUp() };
  let parsed: unknown = body;
  if (typeof body === "string" && body !== "") {
    try {
      parsed = JSON.parse(body);
    } catch {
      // keep the text, as platformRequest does
    }
  }
  return { response: { status: code, headers: headersOf(headers), body: parsed } };
}

/** Sends Graph calls made at the same moment in batches, through `send` (graph.ts's request to a Graph URL). */
export function graphBatcher(graphRoot: string, send: Send) {
  const alone = async (call: GraphCall): Promise<GraphAnswer> => {
    try {
      return { response: await send(`${graphRoot}/${call.relativeUrl}`, call.body) };
    } catch (error) {
      return { error: asError(error) };
    }
  };

  const together = async (calls: GraphCall[]): Promise<GraphAnswer[]> => {
    const operations = calls.map((call) => ({
      method: "POST",
      relative_url: call.relativeUrl,
      body: call.body.toString(),
    }));
    // The batch itself needs a valid token too; each operation's own one is what Graph checks for it.
    const form = new URLSearchParams({
      access_token: calls[0]!.body.get("access_token") ?? "",
      batch: JSON.stringify(operations),
    });
    let response: PlatformResponse;
    try {
      response = await send(`${graphRoot}/`, form);
    } catch (error) {
      const failure = asError(error);
      return calls.map(() => ({ error: failure }));
    }
    if (response.status >= 400 && response.status < 500) return Promise.all(calls.map(alone));
    const entries = response.body;
    if (response.status !== 200 || !Array.isArray(entries) || entries.length !== calls.length) {
      const failure = new PlatformError("transient", `Facebook answered a batch with HTTP ${response.status}`, {
        status: response.status,
      });
      return calls.map(() => ({ error: failure }));
    }
    return entries.map(answerOf);
  };

  return coalesce<GraphCall, GraphAnswer>(together, alone, {
    maxBatch: MAX_BATCH,
    lane: lane(BATCHES_IN_FLIGHT),
  });
}
