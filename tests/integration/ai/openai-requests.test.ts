import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxControl } from "@/sandbox/testing";
import { expectValid, openaiSchema } from "../../fixtures/openai-spec";
import { randomMarker } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * What our code sends to OpenAI, captured by the sandbox as sent and checked against OpenAI's own
 * CreateChatCompletionRequest (no field the spec does not name), for both parameter families, to
 * OpenAI itself and to an OpenAI-compatible server, streamed and not. The AI modules read the
 * configuration when they load, so each case loads them afresh.
 */

/**
 * A classic model of the test's own with no shutdown date, so the case does not depend on when OpenAI
 * retires its own. Named in the gpt-4o family, so our table gives it the classic parameters.
 */
const CLASSIC = "gpt-4o-sandbox-classic";

const saved = { ...process.env };
let closeRedis: (() => Promise<void>) | undefined;

beforeAll(async () => {
  Object.assign(process.env, testStack().env);
  await sandboxControl(testStack().sandboxUrl).addOpenAIModel({
    id: CLASSIC,
    shutdownDate: null,
    reasoning: false,
  });
});

afterAll(async () => {
  await closeRedis?.();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

async function completionWith(variables: Record<string, string>) {
  await closeRedis?.();
  vi.resetModules();
  Object.assign(process.env, testStack().env, variables);
  ({ closeRedis } = await import("@/lib/server/redis"));
  return import("@/lib/ai/server/completion");
}

describe("our Chat Completions requests", () => {
  it.each([
    [
      "OpenAI itself, a reasoning model",
      { OPENAI_API_FLAVOR: "openai", OPENAI_MODEL: "gpt-6-luna" },
      "max_completion_tokens",
    ],
    ["OpenAI itself, a classic model", { OPENAI_API_FLAVOR: "openai", OPENAI_MODEL: CLASSIC }, "max_completion_tokens"],
    ["a compatible server", { OPENAI_API_FLAVOR: "compatible", OPENAI_MODEL: CLASSIC }, "max_tokens"],
  ])("%s: accepted, and valid against OpenAI's schema, in one piece and streamed", async (_case, variables, limit) => {
    const completion = await completionWith(variables);
    const marker = randomMarker();
    const messages = [
      { role: "system" as const, content: "You write social media posts." },
      { role: "user" as const, content: `Write a short post about our bakery opening at 7am ${marker}` },
    ];
    const answer = await completion.answerOnce(messages, 200, () => "offline");
    expect(answer.offline).toBe(false);
    expect(answer.text).toContain(marker);
    const stream = await completion.openAiStream(messages, 200, () => "offline");
    let streamed = "";
    for await (const piece of stream.pieces) streamed += piece;
    expect(streamed).toContain(marker);

    const requests = (await sandboxControl(testStack().sandboxUrl).openaiRequests()).filter((request) =>
      request.messages.some((message) => message.content.includes(marker)),
    );
    expect(requests.map((request) => [request.status, request.stream])).toEqual([
      [200, false],
      [200, true],
    ]);
    const validate = openaiSchema("CreateChatCompletionRequest", { closed: true });
    for (const { body } of requests) {
      expectValid(validate, body, "request body");
      expect(body, "the length limit of its parameter family").toHaveProperty(limit);
    }
  });
});
