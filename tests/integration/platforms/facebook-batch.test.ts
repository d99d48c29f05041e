import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishInput } from "@/lib/networks/server/types";
import { sandboxControl, type SandboxPublishCall } from "../../../sandbox/testing";
import { facebookPageTokens } from "../../../sandbox/testing-tokens";
import { testStack } from "../../fixtures/test-stack";

/**
 * Feed posts made at the same moment go to Graph in one batch request, and each caller gets what
 * its own call would have answered (lib/networks/facebook/server/batch.ts): an operation Graph gave
 * up on is "may have gone out" (transient, so the engine looks before sending again), a batch
 * refused as a whole is sent call by call, a batch lost on the way is transient for every call.
 * The client reads FACEBOOK_GRAPH_URL when it loads, so the stack's environment is set first.
 */

const saved = { ...process.env };
let facebook: (typeof import("@/lib/networks/facebook/server"))["facebook"];
let graphBatcher: (typeof import("@/lib/networks/facebook/server/batch"))["graphBatcher"];
let platformRequest: (typeof import("@/lib/networks/server/http"))["platformRequest"];
let PlatformError: (typeof import("@/lib/networks/server/errors"))["PlatformError"];

const control = () => sandboxControl(testStack().sandboxUrl);
const fbId = String(710_000_000_000_000 + randomBytes(4).readUInt32BE());
const pageIds = ["101", "102", "103"].map((suffix) => `${fbId}${suffix}`);
let tokens: Record<string, string>;

beforeAll(async () => {
  Object.assign(process.env, testStack().env);
  ({ facebook } = await import("@/lib/networks/facebook/server"));
  ({ graphBatcher } = await import("@/lib/networks/facebook/server/batch"));
  ({ platformRequest } = await import("@/lib/networks/server/http"));
  ({ PlatformError } = await import("@/lib/networks/server/errors"));
  await control().defineFacebookUser({
    id: fbId,
    name: "Batch Baker",
    pages: pageIds.map((id, index) => ({ id, name: `Batch bakery ${index}` })),
  });
  tokens = (await facebookPageTokens(testStack().sandboxUrl, { pageIds })).pages;
});

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

let sequence = 0;
function input(pageId: string, text: string): PublishInput {
  return {
    accessToken: "unused for Pages",
    pageId,
    pageAccessToken: tokens[pageId]!,
    handle: null,
    text,
    media: [],
    beforeRequest: async () => {},
  };
}

/** The posting calls this file's Pages received, in arrival order. */
async function postCalls(): Promise<SandboxPublishCall[]> {
  const calls = await control().publishCalls({ platform: "facebook" });
  return calls.filter((call) => pageIds.includes(call.target) && call.operation === "post");
}
/** The posting calls made while `work` ran. */
async function callsDuring(work: () => Promise<unknown>): Promise<SandboxPublishCall[]> {
  const before = (await postCalls()).length;
  await work();
  return (await postCalls()).slice(before);
}

async function publishAll(texts: string[]) {
  return Promise.allSettled(texts.map((text, index) => facebook.publish(input(pageIds[index]!, text))));
}

const unique = (label: string) => `${label} ${(sequence += 1)} ${fbId}`;

describe("Facebook feed posts in Graph batches", () => {
  it("posts made at the same moment go in one batch request, each answered with its own post", async () => {
    const texts = pageIds.map((_, index) => unique(`Morning bake ${index}`));
    let results: Awaited<ReturnType<typeof publishAll>> = [];
    const calls = await callsDuring(async () => (results = await publishAll(texts)));
    const posted = results.map((result) => (result.status === "fulfilled" ? result.value.platformPostId : null));
    posted.forEach((id, index) => expect(id).toMatch(new RegExp(`^${pageIds[index]}_\\d+$`)));

    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.batch)).size).toBe(1);
    expect(calls[0]!.batch).toEqual(expect.any(Number));
    const onPlatform = await control().publishedPosts({ platform: "facebook" });
    for (const [index, text] of texts.entries())
      expect(onPlatform.filter((post) => post.text === text).map((post) => post.target)).toEqual([pageIds[index]]);
  });

  it("a post made alone goes in a request of its own", async () => {
    let published: Awaited<ReturnType<typeof facebook.publish>> | undefined;
    const calls = await callsDuring(
      async () => (published = await facebook.publish(input(pageIds[0]!, unique("Lone loaf")))),
    );
    expect(published?.platformPostId).toMatch(new RegExp(`^${pageIds[0]}_\\d+$`));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.batch).toBeUndefined();
  });

  it("an operation Graph gave up on is 'may have gone out' for its caller alone; the others are published", async () => {
    await control().publishFaults({
      platform: "facebook",
      kind: "server_error",
      afterAccept: true,
      drop: true,
      target: pageIds[1]!,
    });
    const texts = pageIds.map((_, index) => unique(`Rye ${index}`));
    const [first, lost, third] = await publishAll(texts);
    expect(first!.status).toBe("fulfilled");
    expect(third!.status).toBe("fulfilled");
    expect(lost!.status).toBe("rejected");
    const error = (lost as PromiseRejectedResult).reason as InstanceType<typeof PlatformError>;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.kind).toBe("transient");
    expect(error.message).toMatch(/may have gone out/);
    // It did go out: only a lookup may decide it now, never a second send.
    const onPlatform = await control().publishedPosts({ platform: "facebook", target: pageIds[1]! });
    expect(onPlatform.filter((post) => post.text === texts[1])).toHaveLength(1);
  });

  it("a batch refused as a whole (its token no longer valid) runs nothing, and each call is then sent on its own", async () => {
    await control().expireFacebookPageToken(pageIds[0]!);
    const texts = pageIds.map((_, index) => unique(`Spelt ${index}`));
    let results: Awaited<ReturnType<typeof publishAll>> = [];
    const calls = await callsDuring(async () => (results = await publishAll(texts)));
    const [expired, ...others] = results;
    expect(expired!.status).toBe("rejected");
    expect(((expired as PromiseRejectedResult).reason as InstanceType<typeof PlatformError>).kind).toBe(
      "expired_token",
    );
    for (const other of others) expect(other.status).toBe("fulfilled");
    // The refused batch reached no Page; each call then came on its own (the expired one is refused
    // before it counts as a call).
    expect(calls.map((call) => [call.target, call.batch]).sort()).toEqual([
      [pageIds[1], undefined],
      [pageIds[2], undefined],
    ]);
  });

  it("a batch lost on the way is 'may have gone out' for every call in it", async () => {
    const unreachable = graphBatcher("http://127.0.0.1:9/facebook/graph/v25.0", (url, body) =>
      platformRequest(url, { method: "POST", body, timeoutMs: 2_000 }),
    );
    const answers = await Promise.all(
      pageIds.map((id) =>
        unreachable({ relativeUrl: `${id}/feed`, body: new URLSearchParams({ message: "x", access_token: "t" }) }),
      ),
    );
    for (const answer of answers) {
      expect("error" in answer && answer.error.kind).toBe("transient");
    }
  });
});
