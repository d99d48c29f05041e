import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * OPENAI_MODEL may name a reasoning model (gpt-5, o-series): they refuse `max_tokens`, as the
 * sandbox does, and the app sends what they accept. The AI modules read OPENAI_MODEL when they
 * load, so it is set before the import.
 */

const saved = { ...process.env };
let completion: typeof import("@/lib/ai/server/completion");

beforeAll(async () => {
  Object.assign(process.env, inject("stack").env, { OPENAI_MODEL: "gpt-5-mini" });
  completion = await import("@/lib/ai/server/completion");
});

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const messages = [
  { role: "system" as const, content: "You write social media posts." },
  { role: "user" as const, content: "Write a short post about our bakery opening at 7am." },
];

describe("a reasoning model in OPENAI_MODEL", () => {
  it("the sandbox refuses max_tokens for it as OpenAI does", async () => {
    const env = inject("stack").env;
    const response = await fetch(`${env.OPENAI_BASE_URL}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.OPENAI_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5-mini", messages, max_tokens: 200 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: "invalid_request_error",
        param: "max_tokens",
        code: "unsupported_parameter",
      },
    });
  });

  it("answers in one piece and streamed", async () => {
    const answer = await completion.answerOnce(messages, 200, () => "offline");
    expect(answer.offline).toBe(false);
    expect(answer.text.length).toBeGreaterThan(0);

    const stream = await completion.openAiStream(messages, 200, () => "offline");
    let text = "";
    for await (const piece of stream.pieces) text += piece;
    expect(text.length).toBeGreaterThan(0);
  });
});
