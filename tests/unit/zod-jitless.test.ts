import { describe, expect, it } from "vitest";

describe("instrumentation-client", () => {
  it("switches zod's JIT off without importing zod (zod reads the same global settings)", async () => {
    await import("@/instrumentation-client");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
