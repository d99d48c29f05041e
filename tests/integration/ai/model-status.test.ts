import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxControl } from "@/sandbox/testing";
import { randomMarker } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * /api/health says whether the configured model is still served (the provider's GET /v1/models) and
 * when it shuts down. The app's own report is read over HTTP; other models are configured here, in
 * modules loaded afresh with a Redis prefix of their own, so no other test's answers clear the alerts.
 */

const saved = { ...process.env };
let closeRedis: (() => Promise<void>) | undefined;

beforeAll(() => {
  Object.assign(process.env, testStack().env);
});

afterAll(async () => {
  await closeRedis?.();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

async function configured(model: string) {
  await closeRedis?.();
  vi.resetModules();
  Object.assign(process.env, testStack().env, {
    OPENAI_MODEL: model,
    REDIS_PREFIX: `${testStack().env.REDIS_PREFIX}-model-status-${randomMarker()}`,
  });
  ({ closeRedis } = await import("@/lib/server/redis"));
  return {
    status: await import("@/lib/ai/server/model-status"),
    completion: await import("@/lib/ai/server/completion"),
    alerts: await import("@/lib/server/provider-alerts"),
  };
}

const messages = [{ role: "user" as const, content: "Hello" }];

describe("the configured model in /api/health", () => {
  it("the app's report names its model as served, with no shutdown announced", async () => {
    const health = (await (await fetch(`${testStack().appUrl}/api/health`)).json()) as { ai: unknown };
    expect(health.ai).toEqual({ model: "gpt-6-luna", servedByProvider: true, shutdownOn: null, warnings: [] });
  });

  it("a retired model is not served: a warning, an operator alert, and completions fail as model_not_found", async () => {
    const { status, completion, alerts } = await configured("o4-mini");
    expect(await status.getAiModelStatus()).toEqual({
      model: "o4-mini",
      servedByProvider: false,
      shutdownOn: "2026-10-23",
      warnings: [{ kind: "model_not_served", message: expect.stringContaining("o4-mini") }],
    });
    await alerts.clearProviderAlert("openai", "model_not_served");
    await expect(completion.answerOnce(messages, 50, () => "offline")).rejects.toMatchObject({ code: "ai_error" });
    expect(await alerts.listProviderAlerts()).toEqual([
      expect.objectContaining({ provider: "openai", kind: "model_not_served", providerCode: "model_not_found" }),
    ]);
  });

  it("a model the provider shuts down within 60 days warns with the provider's date; later ones do not", async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const control = sandboxControl(testStack().sandboxUrl);
    const soon = `gpt-soon-${randomMarker()}`;
    const later = `gpt-later-${randomMarker()}`;
    await control.addOpenAIModel({ id: soon, shutdownDate: inDays(30) });
    await control.addOpenAIModel({ id: later, shutdownDate: inDays(90) });

    const { status } = await configured(soon);
    expect(await status.getAiModelStatus()).toEqual({
      model: soon,
      servedByProvider: true,
      shutdownOn: inDays(30),
      warnings: [{ kind: "model_shutdown_soon", message: expect.stringContaining(inDays(30)) }],
    });
    const { status: laterStatus } = await configured(later);
    expect(await laterStatus.getAiModelStatus()).toMatchObject({ servedByProvider: true, warnings: [] });
  });
});
