import OpenAI, {
  APIConnectionTimeoutError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxControl } from "../../../sandbox/testing";

/** /openai/v1 driven by the official openai SDK: replies, streaming, limits, faults, controls. */

/**
 * A classic (non-reasoning) model of the test's own with no shutdown date, so that no test depends
 * on when OpenAI retires its built-in ones.
 */
const CLASSIC = "gpt-sandbox-classic";

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
let client: OpenAI;

/** No retries unless a test wants them: each retry would use up a fault of its own. */
const clientWith = (options: ConstructorParameters<typeof OpenAI>[0] = {}) =>
  new OpenAI({ apiKey: "sk-sandbox-test", baseURL: `${sandbox.url}/openai/v1`, maxRetries: 0, ...options });

const ask = (content: string, extra: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming> = {}) =>
  client.chat.completions.create({ model: CLASSIC, messages: [{ role: "user", content }], ...extra });

/** The error a call rejects with (the test fails if it resolves). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail("the call should have failed"),
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  control = sandboxControl(sandbox.url);
  client = clientWith();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control.reset();
  await control.addOpenAIModel({ id: CLASSIC, shutdownDate: null, reasoning: false });
});

describe("chat completions", () => {
  it("answers with a reply derived from the last user message and usage of ~4 characters a token", async () => {
    const completion = await client.chat.completions.create({
      model: CLASSIC,
      messages: [
        { role: "system", content: "You write posts." }, // 16 characters
        { role: "user", content: "Hello" }, // 5
        { role: "assistant", content: "Hi there" }, // 8
        { role: "user", content: [{ type: "text", text: "Write a post\n about   sourdough bread " }] }, // 38
      ],
    });
    const reply = "Sandbox AI: Write a post about sourdough bread";
    expect(completion).toMatchObject({ object: "chat.completion", model: CLASSIC });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion._request_id).toMatch(/^req_/);
    expect(completion.choices).toEqual([
      expect.objectContaining({
        index: 0,
        message: expect.objectContaining({ role: "assistant", content: reply }),
        finish_reason: "stop",
      }),
    ]);
    // (16 + 5 + 8 + 38) / 4 → 17; the reply's 46 characters → 12.
    expect(completion.usage).toMatchObject({ prompt_tokens: 17, completion_tokens: 12, total_tokens: 29 });
  });

  it("streams the role, several deltas that join to the reply, the finish reason, usage and [DONE]", async () => {
    const started = Date.now();
    const stream = await client.chat.completions.create({
      model: CLASSIC,
      messages: [{ role: "user", content: "Tell me about our new bakery opening this weekend" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    const arrivals: number[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      arrivals.push(Date.now() - started);
    }
    const reply = "Sandbox AI: Tell me about our new bakery opening this weekend";
    expect(chunks[0]?.choices[0]?.delta).toMatchObject({ role: "assistant", content: "" });
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ""));
    expect(deltas.filter(Boolean).length).toBeGreaterThanOrEqual(8);
    expect(deltas.join("")).toBe(reply);
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.id === chunks[0]?.id)).toBe(true);
    expect(chunks.at(-2)?.choices).toEqual([expect.objectContaining({ delta: {}, finish_reason: "stop" })]);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 13, completion_tokens: 16, total_tokens: 29 },
    });
    // The pieces come apart in time (15 ms apart by default), so a UI can show the reply growing.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(80);

    const raw = await fetch(`${sandbox.url}/openai/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-6-luna", messages: [{ role: "user", content: "hi" }], stream: true }),
    });
    expect(raw.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await raw.text();
    expect(text).toMatch(/^data: \{"id":"chatcmpl-/);
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(text).not.toContain('"usage"');
  });

  it("cuts the reply at max_tokens × 4 characters with finish_reason length, streamed or not", async () => {
    const cut = await ask("Write a long post about bread", { max_tokens: 4 });
    expect(cut.choices[0]).toMatchObject({ message: { content: "Sandbox AI: Writ" }, finish_reason: "length" });
    expect(cut.usage).toMatchObject({ completion_tokens: 4 });

    const stream = await client.chat.completions.create({
      model: CLASSIC,
      messages: [{ role: "user", content: "Write a long post about bread" }],
      max_completion_tokens: 6,
      stream: true,
    });
    let content = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(content).toBe("Sandbox AI: Write a long");
    expect(finish).toBe("length");
  });

  it("refuses a request OpenAI would refuse, in OpenAI's words", async () => {
    const noMessages = await failure(client.chat.completions.create({ model: CLASSIC } as never));
    expect(noMessages).toBeInstanceOf(BadRequestError);
    expect(noMessages).toMatchObject({ status: 400, param: "messages", code: "missing_required_parameter" });

    const badRole = await failure(ask("x", { messages: [{ role: "robot", content: "hi" }] as never }));
    expect(badRole).toMatchObject({ status: 400, param: "messages[0].role", code: "invalid_value" });

    const noModel = await failure(ask("x", { model: "" }));
    expect(noModel).toMatchObject({ status: 400, message: "400 you must provide a model parameter" });

    const badJson = await fetch(`${sandbox.url}/openai/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { message: string } }).error.message).toMatch(
      /^We could not parse the JSON body of your request/,
    );
    expect(await control.openaiRequests()).toEqual([]);
  });

  it("refuses a request without an API key (401 invalid_api_key) and keys starting sk-invalid", async () => {
    const response = await fetch(`${sandbox.url}/openai/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: CLASSIC, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: expect.stringMatching(/^You didn't provide an API key/),
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      },
    });
    const wrongKey = await failure(clientWith({ apiKey: "sk-invalid-0123456789" }).models.list());
    expect(wrongKey).toBeInstanceOf(AuthenticationError);
    expect(wrongKey).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(await control.openaiRequests()).toEqual([]);
  });

  it("refuses a prompt over the context limit, counting max_tokens, like OpenAI", async () => {
    // The default window is 32,000 estimated tokens: 128,000 characters fit, 128,004 do not.
    expect((await ask("a".repeat(128_000))).usage?.prompt_tokens).toBe(32_000);
    const tooLong = await failure(ask("a".repeat(128_004)));
    expect(tooLong).toBeInstanceOf(BadRequestError);
    expect(tooLong).toMatchObject({ status: 400, param: "messages", code: "context_length_exceeded" });

    await control.setOpenAISettings({ contextLimit: 50 });
    expect(await failure(ask("b".repeat(400)))).toMatchObject({
      message:
        "400 This model's maximum context length is 50 tokens. However, your messages resulted in 100 tokens. " +
        "Please reduce the length of the messages.",
    });
    expect(await failure(ask("b".repeat(180), { max_tokens: 10 }))).toMatchObject({
      message: expect.stringContaining("However, you requested 55 tokens (45 in the messages, 10 in the completion)."),
    });
    expect((await ask("b".repeat(160), { max_tokens: 10 })).choices[0]?.finish_reason).toBe("length");
  });
});

describe("models", () => {
  it("lists the models served with their shutdown dates and answers other paths with OpenAI's 404", async () => {
    const listed = async () => {
      const dates = new Map<string, string | null>();
      for await (const model of await client.models.list())
        dates.set(model.id, (model as { shutdown_date?: string | null }).shutdown_date ?? null);
      return dates;
    };
    // The catalogue is judged at fixed instants of the sandbox clock, not today.
    await control.setClock("2026-12-01T12:00:00Z");
    const before = await listed();
    expect(before.get("gpt-6-luna")).toBeNull();
    expect(before.get("gpt-4o-mini")).toBe("2027-01-14");
    expect(before.get("gpt-5")).toBe("2026-12-11");
    // Shut down on 2026-10-23: no longer listed.
    expect(before.has("o4-mini")).toBe(false);
    expect(await client.models.retrieve("gpt-4o-mini")).toMatchObject({ id: "gpt-4o-mini", object: "model" });

    // From its shutdown date on (UTC), a model is neither listed nor served.
    await control.setClock("2027-01-14T00:00:00Z");
    const after = await listed();
    expect(after.has("gpt-4o-mini")).toBe(false);
    expect(after.get("gpt-6-luna")).toBeNull();
    expect(await failure(client.models.retrieve("gpt-4o-mini"))).toMatchObject({
      status: 404,
      code: "model_not_found",
    });
    expect(await failure(ask("hi", { model: "gpt-4o-mini" }))).toMatchObject({ status: 404, code: "model_not_found" });

    expect(await client.models.retrieve("gpt-6-luna")).toMatchObject({ id: "gpt-6-luna", object: "model" });
    const missing = await failure(client.responses.create({ model: "gpt-6-luna", input: "hi" }));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ message: "404 Invalid URL (POST /v1/responses)" });
  });

  it("answers 404 model_not_found for a retired model and an unknown one, in OpenAI's words", async () => {
    for (const model of ["o4-mini", "gpt-4o-2024-05-13", "my-fine-tune"]) {
      const error = await failure(ask("hi", { model }));
      expect(error, model).toBeInstanceOf(NotFoundError);
      expect(error, model).toMatchObject({
        status: 404,
        error: {
          message: `The model \`${model}\` does not exist or you do not have access to it.`,
          type: "invalid_request_error",
          param: null,
          code: "model_not_found",
        },
      });
      expect(await failure(client.models.retrieve(model)), model).toMatchObject({
        status: 404,
        error: { message: `The model '${model}' does not exist`, param: "model", code: "model_not_found" },
      });
    }
  });

  it("serves a model a test adds, until its shutdown date on the sandbox clock", async () => {
    expect(await control.setClock("2030-06-01T12:00:00Z")).toMatchObject({
      now: expect.stringMatching(/^2030-06-01T12:00:0/),
    });
    await control.addOpenAIModel({ id: "gpt-test-soon", shutdownDate: "2030-06-03", reasoning: false });
    expect((await ask("hi", { model: "gpt-test-soon", max_tokens: 50 })).model).toBe("gpt-test-soon");
    await control.advanceClock(3 * 86_400);
    expect(await failure(ask("hi", { model: "gpt-test-soon" }))).toBeInstanceOf(NotFoundError);
  });

  it("refuses a parameter OpenAI does not know, and a reasoning model's max_tokens", async () => {
    const unknown = await failure(ask("hi", { foo: 1 } as never));
    expect(unknown).toMatchObject({
      status: 400,
      error: { message: "Unrecognized request argument supplied: foo", type: "invalid_request_error", param: null },
    });
    expect(await failure(ask("hi", { model: "gpt-6-luna", max_tokens: 10 }))).toMatchObject({
      status: 400,
      error: { param: "max_tokens", code: "unsupported_parameter" },
    });
    expect(await failure(ask("hi", { model: "gpt-6-luna", temperature: 0.2 }))).toMatchObject({
      status: 400,
      error: { param: "temperature", code: "unsupported_value" },
    });
    expect(await failure(ask("hi", { reasoning_effort: "low" }))).toMatchObject({
      status: 400,
      error: { param: "reasoning_effort", code: "unsupported_parameter" },
    });
  });
});

describe("faults", () => {
  it("rate_limit: RateLimitError 429 rate_limit_exceeded with retry headers, once, then a reply", async () => {
    await control.openaiFault({ kind: "rate_limit", retryAfterSeconds: 7 });
    const error = await failure(ask("hi"));
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited).toMatchObject({ status: 429, code: "rate_limit_exceeded", type: "requests" });
    expect(limited.message).toMatch(new RegExp(`^429 Rate limit reached for ${CLASSIC}`));
    expect(limited.headers?.get("retry-after")).toBe("7");
    expect(limited.headers?.get("x-ratelimit-reset-requests")).toBe("7s");
    expect((await ask("hi")).choices[0]?.message.content).toBe("Sandbox AI: hi");
  });

  it("insufficient_quota, context_length_exceeded and server_error answer with OpenAI's classes and codes", async () => {
    await control.openaiFault({ kind: "insufficient_quota" });
    const quota = await failure(ask("hi"));
    expect(quota).toBeInstanceOf(RateLimitError);
    expect(quota).toMatchObject({ status: 429, code: "insufficient_quota", type: "insufficient_quota" });

    await control.openaiFault({ kind: "context_length_exceeded" });
    const context = await failure(ask("hi"));
    expect(context).toBeInstanceOf(BadRequestError);
    expect(context).toMatchObject({ status: 400, code: "context_length_exceeded", param: "messages" });

    await control.openaiFault({ kind: "server_error" });
    const server = await failure(ask("hi"));
    expect(server).toBeInstanceOf(InternalServerError);
    expect(server).toMatchObject({ status: 500, type: "server_error" });

    expect((await control.openaiRequests()).map((request) => [request.status, request.error])).toEqual([
      [429, "insufficient_quota"],
      [400, "context_length_exceeded"],
      [500, "server_error"],
    ]);
  });

  it("insufficient_quota answers each of OpenAI's billing codes under type insufficient_quota", async () => {
    const codes = [
      "credit_balance_exhausted",
      "organization_spend_limit_exceeded",
      "project_spend_limit_exceeded",
      "organization_usage_limit_exceeded",
    ] as const;
    for (const code of codes) {
      await control.openaiFault({ kind: "insufficient_quota", code });
      const error = await failure(ask("hi"));
      expect(error, code).toBeInstanceOf(RateLimitError);
      expect(error, code).toMatchObject({ status: 429, code, type: "insufficient_quota" });
    }
    expect((await control.openaiRequests()).map((request) => request.error)).toEqual(codes);
  });

  it("each SDK retry uses up one fault; -1 lasts until cleared", async () => {
    await control.openaiFault({ kind: "rate_limit", retryAfterSeconds: 0 });
    const retried = await clientWith({ maxRetries: 2 }).chat.completions.create({
      model: CLASSIC,
      messages: [{ role: "user", content: "again" }],
    });
    expect(retried.choices[0]?.message.content).toBe("Sandbox AI: again");
    expect((await control.openaiRequests()).map((request) => request.status)).toEqual([429, 200]);

    await control.openaiFault({ kind: "server_error", count: -1 });
    await expect(ask("one")).rejects.toBeInstanceOf(InternalServerError);
    await expect(ask("two")).rejects.toBeInstanceOf(InternalServerError);
    expect(await control.clearOpenAIFaults()).toBe(1);
    expect((await ask("three")).choices[0]?.message.content).toBe("Sandbox AI: three");
  });

  it("slow holds the answer: the SDK's timeout fires (APIConnectionTimeoutError), a patient client gets it", async () => {
    await control.openaiFault({ kind: "slow", delayMs: 5_000 });
    const timedOut = await failure(
      clientWith({ timeout: 300 }).chat.completions.create({
        model: CLASSIC,
        messages: [{ role: "user", content: "slow" }],
      }),
    );
    expect(timedOut).toBeInstanceOf(APIConnectionTimeoutError);
    await expect.poll(async () => (await control.openaiRequests())[0]?.status).toBe(499);

    await control.openaiFault({ kind: "slow", delayMs: 300 });
    const started = Date.now();
    expect((await ask("patient")).choices[0]?.message.content).toBe("Sandbox AI: patient");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe("controls", () => {
  it("canned replies answer first, in order, streamed or not, then the default reply is back", async () => {
    expect(await control.queueOpenAIReplies("First canned.", "Second canned, streamed.")).toBe(2);
    expect((await ask("one")).choices[0]?.message.content).toBe("First canned.");
    const stream = await client.chat.completions.create({
      model: CLASSIC,
      messages: [{ role: "user", content: "two" }],
      stream: true,
    });
    let streamed = "";
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? "";
    expect(streamed).toBe("Second canned, streamed.");
    expect((await ask("three")).choices[0]?.message.content).toBe("Sandbox AI: three");
  });

  it("logs each request with its prompt, options and the usage answered", async () => {
    await client.chat.completions.create({
      model: CLASSIC,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Write about croissants" },
      ],
      max_tokens: 100,
    });
    const [logged] = await control.openaiRequests();
    expect(logged).toMatchObject({
      model: CLASSIC,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Write about croissants" },
      ],
      stream: false,
      max_tokens: 100,
      status: 200,
      error: null,
      reply: "Sandbox AI: Write about croissants",
      finish_reason: "stop",
      usage: { prompt_tokens: 8, completion_tokens: 9, total_tokens: 17 },
    });
    expect(Date.now() - Date.parse(logged!.createdAt)).toBeLessThan(60_000);
  });

  it("reset forgets requests, queued replies, faults and settings", async () => {
    await ask("logged");
    await control.queueOpenAIReplies("never used");
    await control.openaiFault({ kind: "server_error", count: -1 });
    await control.setOpenAISettings({ contextLimit: 1, streamDelayMs: 0 });
    await control.reset();
    expect(await control.openaiRequests()).toEqual([]);
    // A built-in model: the reset forgets the test's own as well.
    expect((await ask("fresh", { model: "gpt-6-luna" })).choices[0]?.message.content).toBe("Sandbox AI: fresh");
    expect(await control.state()).toMatchObject({
      openai: { settings: { contextLimit: 32_000, streamDelayMs: 15 }, faults: [], pendingReplies: 0, requestCount: 1 },
    });
  });
});
