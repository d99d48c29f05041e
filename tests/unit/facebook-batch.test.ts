import { describe, expect, it } from "vitest";
import { graphBatcher, type GraphAnswer, type GraphCall } from "@/lib/networks/facebook/server/batch";
import { PlatformError } from "@/lib/networks/server/errors";
import type { PlatformResponse } from "@/lib/networks/server/http";

/**
 * How a Graph batch's answer becomes each caller's answer, for the answers the sandbox cannot be
 * made to give (a 200 that is not the batch's array, a 5xx for the whole batch). The sandbox's own
 * answers are covered end to end by tests/integration/platforms/facebook-batch.test.ts.
 */

const ROOT = "https://graph.example/v25.0";

interface Sent {
  url: string;
  body: URLSearchParams;
}

function batcherAnswering(answer: (sent: Sent) => PlatformResponse | Promise<PlatformResponse>) {
  const sent: Sent[] = [];
  const batcher = graphBatcher(ROOT, async (url, body) => {
    sent.push({ url, body });
    return answer({ url, body });
  });
  return { batcher, sent };
}

const call = (page: string): GraphCall => ({
  relativeUrl: `${page}/feed`,
  body: new URLSearchParams({ message: `Hello ${page}`, access_token: `token-${page}` }),
});

const response = (status: number, body: unknown): PlatformResponse => ({ status, headers: new Headers(), body });

const isBatch = (sent: Sent) => sent.url === `${ROOT}/`;

async function allAtOnce(batcher: ReturnType<typeof graphBatcher>, pages: string[]): Promise<GraphAnswer[]> {
  return Promise.all(pages.map((page) => batcher(call(page))));
}

describe("graphBatcher", () => {
  it("sends calls made together as one batch of their operations, with the first call's token for the batch", async () => {
    const { batcher, sent } = batcherAnswering((request) => {
      const operations = JSON.parse(request.body.get("batch")!) as { relative_url: string }[];
      return response(
        200,
        operations.map((operation, index) => ({
          code: 200,
          headers: [{ name: "content-type", value: "application/json" }],
          body: JSON.stringify({ id: `${operation.relative_url.split("/")[0]}_${index}` }),
        })),
      );
    });
    const answers = await allAtOnce(batcher, ["1", "2", "3"]);
    expect(sent).toHaveLength(1);
    expect(isBatch(sent[0]!)).toBe(true);
    expect(sent[0]!.body.get("access_token")).toBe("token-1");
    expect(JSON.parse(sent[0]!.body.get("batch")!)).toEqual([
      { method: "POST", relative_url: "1/feed", body: "message=Hello+1&access_token=token-1" },
      { method: "POST", relative_url: "2/feed", body: "message=Hello+2&access_token=token-2" },
      { method: "POST", relative_url: "3/feed", body: "message=Hello+3&access_token=token-3" },
    ]);
    expect(answers.map((answer) => "response" in answer && answer.response.body)).toEqual([
      { id: "1_0" },
      { id: "2_1" },
      { id: "3_2" },
    ]);
    const first = answers[0]!;
    expect("response" in first && first.response.headers.get("content-type")).toBe("application/json");
  });

  it("gives each caller its own operation's refusal, and a null as 'may have gone out'", async () => {
    const { batcher } = batcherAnswering(() =>
      response(200, [
        { code: 400, body: JSON.stringify({ error: { message: "(#506) Duplicate status message", code: 506 } }) },
        null,
        { code: 200, body: "not json" },
      ]),
    );
    const [refused, lost, odd] = await allAtOnce(batcher, ["1", "2", "3"]);
    expect(refused).toEqual({ response: expect.objectContaining({ status: 400 }) as unknown });
    expect(lost).toEqual({ error: expect.any(PlatformError) as unknown });
    expect("error" in lost! && lost.error.kind).toBe("transient");
    expect("error" in lost! && lost.error.message).toMatch(/may have gone out/);
    expect("response" in odd! && odd.response.body).toBe("not json");
  });

  it("a batch refused as a whole ran nothing: each call is then sent on its own", async () => {
    const { batcher, sent } = batcherAnswering((request) =>
      isBatch(request)
        ? response(400, { error: { message: "Invalid OAuth access token", code: 190 } })
        : response(200, { id: `${request.url.split("/").at(-2)}_9` }),
    );
    const answers = await allAtOnce(batcher, ["1", "2"]);
    expect(sent.map((request) => request.url)).toEqual([`${ROOT}/`, `${ROOT}/1/feed`, `${ROOT}/2/feed`]);
    expect(answers.map((answer) => "response" in answer && answer.response.body)).toEqual([
      { id: "1_9" },
      { id: "2_9" },
    ]);
  });

  it("a batch that failed on the way, answered 5xx, or answered something other than its array is 'may have gone out' for every call", async () => {
    const answers: Record<string, PlatformResponse | Error> = {
      lost: new PlatformError("transient", "The platform did not answer in time"),
      serverError: response(500, { error: { message: "An unexpected error has occurred", code: 2 } }),
      short: response(200, [{ code: 200, body: "{}" }]),
      notArray: response(200, { data: [] }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const { batcher, sent } = batcherAnswering(() => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      const results = await allAtOnce(batcher, ["1", "2"]);
      expect(sent, name).toHaveLength(1);
      for (const result of results) expect("error" in result && result.error.kind, name).toBe("transient");
    }
  });

  it("a call made alone is sent on its own, and at most 50 go in one batch", async () => {
    const { batcher, sent } = batcherAnswering((request) => {
      if (!isBatch(request)) return response(200, { id: "alone" });
      const operations = JSON.parse(request.body.get("batch")!) as unknown[];
      return response(
        200,
        operations.map(() => ({ code: 200, body: '{"id":"batched"}' })),
      );
    });
    await batcher(call("1"));
    expect(sent.map((request) => request.url)).toEqual([`${ROOT}/1/feed`]);
    sent.length = 0;
    await allAtOnce(
      batcher,
      Array.from({ length: 120 }, (_, index) => String(index)),
    );
    const sizes = sent.map((request) => (JSON.parse(request.body.get("batch")!) as unknown[]).length);
    expect(Math.max(...sizes)).toBe(50);
    expect(sizes.reduce((sum, n) => sum + n, 0)).toBe(120);
  });
});
