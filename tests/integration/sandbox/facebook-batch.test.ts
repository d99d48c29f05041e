import { describe, expect, it } from "vitest";
import { facebookPageTokens } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownSandbox } from "../../fixtures/own-sandbox";

/**
 * Graph's batch requests as the sandbox plays them (sandbox/README.md, "Batch requests"): each
 * operation is answered as the same call on its own would be, in order, and counts as one call; the
 * batch itself needs a valid token and at most 50 operations; an operation Graph gave up on is null.
 */

const bakery = { id: "444444444444444", name: "Ada's Bakery", category: "Bakery" };
const florist = { id: "444444444444445", name: "Ada's Florist", category: "Florist" };
const ada = { id: "100000000000044", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery, florist] };

let tokens: Awaited<ReturnType<typeof facebookPageTokens>>;
const sandbox = ownSandbox(async (control, url) => {
  await control.defineFacebookUser(ada);
  tokens = await facebookPageTokens(url);
});

const root = () => `${sandbox.url}/facebook/graph/v25.0/`;

function feedOperation(pageId: string, message: string, token?: string) {
  const body = new URLSearchParams({ message });
  if (token) body.set("access_token", token);
  return { method: "POST", relative_url: `${pageId}/feed`, body: body.toString() };
}

function batch(operations: unknown, fields: Record<string, string> = {}) {
  return call(root(), {
    method: "POST",
    body: new URLSearchParams({ batch: JSON.stringify(operations), ...fields }),
  });
}

interface Entry {
  code: number;
  headers?: { name: string; value: string }[];
  body: string;
}

describe("Graph batch requests", () => {
  it("answers each operation in order as its own call, with its own Page token, and logs each as one call", async () => {
    const answered = await batch(
      [
        feedOperation(bakery.id, "Rye is out of the oven", tokens.pages[bakery.id]),
        feedOperation(florist.id, "Tulips are in", tokens.pages[florist.id]),
      ],
      { access_token: tokens.pages[bakery.id]! },
    );
    expect(answered.status).toBe(200);
    const entries = answered.body as unknown as Entry[];
    expect(entries.map((entry) => entry.code)).toEqual([200, 200]);
    const ids = entries.map((entry) => (JSON.parse(entry.body) as { id: string }).id);
    expect(ids[0]).toMatch(new RegExp(`^${bakery.id}_\\d+$`));
    expect(ids[1]).toMatch(new RegExp(`^${florist.id}_\\d+$`));
    expect(entries[0]!.headers).toContainEqual({ name: "facebook-api-version", value: "v25.0" });

    const posts = await sandbox.control.publishedPosts({ platform: "facebook" });
    expect(posts.map((post) => [post.target, post.text]).sort()).toEqual([
      [bakery.id, "Rye is out of the oven"],
      [florist.id, "Tulips are in"],
    ]);
    expect(await sandbox.control.publishCalls({ platform: "facebook" })).toHaveLength(2);
  });

  it("refuses one operation as that call alone would be refused, and runs the others", async () => {
    await sandbox.control.expireFacebookPageToken(florist.id);
    const answered = await batch(
      [
        feedOperation(florist.id, "Tulips are in", tokens.pages[florist.id]),
        feedOperation(bakery.id, "Rye is out of the oven", tokens.pages[bakery.id]),
        // A Page token speaks for its own Page only.
        feedOperation(florist.id, "Roses too", tokens.pages[bakery.id]),
      ],
      { access_token: tokens.pages[bakery.id]!, include_headers: "false" },
    );
    const entries = answered.body as unknown as Entry[];
    expect(entries.map((entry) => entry.code)).toEqual([400, 200, expect.any(Number)]);
    expect(entries[2]!.code).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(entries[0]!.body)).toMatchObject({ error: { code: 190 } });
    expect(entries.every((entry) => entry.headers === undefined)).toBe(true);
    expect((await sandbox.control.publishedPosts({ platform: "facebook" })).map((post) => post.target)).toEqual([
      bakery.id,
    ]);
  });

  it("lends the batch's token to an operation that names none", async () => {
    const answered = await batch([feedOperation(bakery.id, "Sourdough Saturday")], {
      access_token: tokens.pages[bakery.id]!,
    });
    expect((answered.body as unknown as Entry[])[0]!.code).toBe(200);
  });

  it("refuses the whole batch, running nothing, without a valid token of its own or with more than 50 operations", async () => {
    const one = [feedOperation(bakery.id, "Rye", tokens.pages[bakery.id])];
    const missing = await batch(one);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 104 });

    const broken = await batch(one, { access_token: "not-a-token" });
    expect(broken.body.error).toMatchObject({ code: 190 });

    const many = Array.from({ length: 51 }, (_, index) =>
      feedOperation(bakery.id, `Loaf ${index}`, tokens.pages[bakery.id]),
    );
    const tooMany = await batch(many, { access_token: tokens.pages[bakery.id]! });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      code: 100,
      message: "(#100) Too many requests in batch message. Maximum batch size is 50",
    });

    const notArray = await call(root(), {
      method: "POST",
      body: new URLSearchParams({ batch: "{nope", access_token: tokens.pages[bakery.id]! }),
    });
    expect(notArray.body.error).toMatchObject({ code: 100 });
    expect(await sandbox.control.publishCalls({ platform: "facebook" })).toEqual([]);
  });

  it("answers null for an operation it gave up on, and one given up on after it was accepted is published all the same", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "timeout", delayMs: 50, target: florist.id });
    await sandbox.control.publishFaults({
      platform: "facebook",
      kind: "server_error",
      drop: true,
      afterAccept: true,
      target: bakery.id,
    });
    const answered = await batch(
      [
        feedOperation(florist.id, "Tulips are in", tokens.pages[florist.id]),
        feedOperation(bakery.id, "Rye is out of the oven", tokens.pages[bakery.id]),
      ],
      { access_token: tokens.pages[bakery.id]! },
    );
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual([null, null]);
    expect((await sandbox.control.publishedPosts({ platform: "facebook" })).map((post) => post.target)).toEqual([
      bakery.id,
    ]);
  });
});
