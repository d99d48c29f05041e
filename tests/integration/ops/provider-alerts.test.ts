import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testStack } from "../../fixtures/test-stack";

/**
 * A provider problem only the operator can fix is recorded by the process that met it and read by
 * /api/health in another: through Redis, under this run's prefix, until the provider answers again.
 */

const saved = { ...process.env };
let alerts: typeof import("@/lib/server/provider-alerts");
let closeRedis: (typeof import("@/lib/server/redis"))["closeRedis"];

beforeAll(async () => {
  Object.assign(process.env, testStack().env);
  alerts = await import("@/lib/server/provider-alerts");
  ({ closeRedis } = await import("@/lib/server/redis"));
});

afterAll(async () => {
  await alerts.clearProviderAlert("x", "usage_capped");
  await closeRedis();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("provider alerts", () => {
  it("an alert raised here shows in the app's /api/health, keeps its first sighting, and clears", async () => {
    const first = new Date("2026-12-01T10:00:00Z");
    const again = new Date(Date.now());
    await alerts.raiseProviderAlert({ provider: "x", kind: "usage_capped", message: "X cap reached", now: first });
    await alerts.raiseProviderAlert({
      provider: "x",
      kind: "usage_capped",
      message: "X cap reached",
      providerCode: "UsageCapExceeded",
      now: again,
    });

    const health = (await (await fetch(`${testStack().appUrl}/api/health`)).json()) as {
      providerAlerts: { provider: string; kind: string; firstSeenAt: string; lastSeenAt: string }[];
    };
    expect(health.providerAlerts).toContainEqual(
      expect.objectContaining({
        provider: "x",
        kind: "usage_capped",
        providerCode: "UsageCapExceeded",
        firstSeenAt: first.toISOString(),
        lastSeenAt: again.toISOString(),
      }),
    );

    await alerts.clearProviderAlert("x", "usage_capped");
    const after = (await (await fetch(`${testStack().appUrl}/api/health`)).json()) as typeof health;
    expect(after.providerAlerts.filter((alert) => alert.provider === "x" && alert.kind === "usage_capped")).toEqual([]);
  });

  it("an alert last seen over a week ago is no longer listed", async () => {
    const now = new Date();
    await alerts.raiseProviderAlert({
      provider: "x",
      kind: "usage_capped",
      message: "old",
      now: new Date(now.getTime() - 8 * 86_400_000),
    });
    expect((await alerts.listProviderAlerts(now)).filter((alert) => alert.kind === "usage_capped")).toEqual([]);
  });
});
