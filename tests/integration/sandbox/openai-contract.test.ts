import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { KNOWN_PARAMETERS } from "../../../sandbox/platforms/openai/request";
import { sandboxControl } from "../../../sandbox/testing";
import { declaredProperties, expectValid, openaiSchema as schema, openaiSchemas } from "../../fixtures/openai-spec";

/**
 * The sandbox's OpenAI against OpenAI's own OpenAPI document (../shared/contracts/openai.openapi.yaml):
 * the parameters it accepts, and its completions, stream chunks, model list and error bodies.
 * Our request bodies are checked in tests/integration/ai/openai-requests.test.ts.
 */

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  control = sandboxControl(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => control.reset());

describe("the parameters the sandbox accepts", () => {
  it("are exactly those CreateChatCompletionRequest names", () => {
    const named = declaredProperties(openaiSchemas().CreateChatCompletionRequest!);
    expect([...KNOWN_PARAMETERS].sort()).toEqual([...named].sort());
  });
});

/** A raw call to the sandbox's OpenAI, to read exactly what it answers. */
async function call(method: string, route: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/openai/v1${route}`, {
    method,
    headers: { authorization: "Bearer sk-contract-test", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const ask = { model: "gpt-6-luna", messages: [{ role: "user", content: "Hello" }] };

describe("the sandbox's answers against OpenAI's response schemas", () => {
  it("a completion validates against CreateChatCompletionResponse", async () => {
    const { status, text } = await call("POST", "/chat/completions", ask);
    expect(status).toBe(200);
    expectValid(schema("CreateChatCompletionResponse", { closed: true }), JSON.parse(text), "completion");
  });

  it("every stream chunk validates against CreateChatCompletionStreamResponse, with usage and without", async () => {
    for (const includeUsage of [true, false]) {
      const { status, text } = await call("POST", "/chat/completions", {
        ...ask,
        stream: true,
        stream_options: { include_usage: includeUsage },
      });
      expect(status).toBe(200);
      const events = text.split("\n\n").filter(Boolean);
      expect(events.at(-1)).toBe("data: [DONE]");
      const validate = schema("CreateChatCompletionStreamResponse", { closed: true });
      for (const event of events.slice(0, -1)) expectValid(validate, JSON.parse(event.replace(/^data: /, "")), "chunk");
    }
  });

  it("the model list and a model validate against ListModelsResponse and Model, dated or not", async () => {
    // At a fixed instant when the catalogue still lists dated models, so both forms of shutdown_date are checked.
    await control.setClock("2026-12-01T12:00:00Z");
    const list = await call("GET", "/models");
    const listed = JSON.parse(list.text) as { data: { shutdown_date: string | null }[] };
    expectValid(schema("ListModelsResponse", { closed: true }), listed, "models");
    expect(listed.data.some((model) => model.shutdown_date === null)).toBe(true);
    expect(listed.data.some((model) => typeof model.shutdown_date === "string")).toBe(true);
    for (const id of ["gpt-6-luna", "gpt-4o-mini"]) {
      const model = await call("GET", `/models/${id}`);
      expect(model.status, id).toBe(200);
      expectValid(schema("Model"), JSON.parse(model.text), `model ${id}`);
    }
  });

  it("every error body validates against ErrorResponse", async () => {
    const errors: { status: number; text: string }[] = [];
    errors.push(await call("POST", "/chat/completions", { ...ask, model: "o4-mini" }));
    errors.push(await call("GET", "/models/o4-mini"));
    errors.push(await call("POST", "/chat/completions", { ...ask, max_tokens: 10 }));
    errors.push(await call("POST", "/chat/completions", { ...ask, foo: 1 }));
    errors.push(await call("POST", "/chat/completions", { model: "gpt-6-luna" }));
    errors.push(await call("POST", "/responses", { model: "gpt-6-luna" }));
    for (const kind of ["rate_limit", "insufficient_quota", "context_length_exceeded", "server_error"] as const) {
      await control.openaiFault({ kind });
      errors.push(await call("POST", "/chat/completions", ask));
    }
    await control.openaiFault({ kind: "insufficient_quota", code: "project_spend_limit_exceeded" });
    errors.push(await call("POST", "/chat/completions", ask));
    const unauthenticated = await fetch(`${sandbox.url}/openai/v1/models`);
    errors.push({ status: unauthenticated.status, text: await unauthenticated.text() });

    const validate = schema("ErrorResponse", { closed: true });
    for (const error of errors) {
      expect(error.status).toBeGreaterThanOrEqual(400);
      expectValid(validate, JSON.parse(error.text), `error ${error.status}`);
    }
  });
});
