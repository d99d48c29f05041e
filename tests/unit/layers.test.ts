import path from "node:path";
import { createRequire } from "node:module";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

/** The layer rules of `npm run lint` (.dependency-cruiser.cjs), each shown to fire on a fixture breach. */

const root = path.resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: { name: string }[];
};

async function violations(): Promise<string[]> {
  const baseDir = path.join(root, "tests/fixtures/layers");
  const result = await cruise(["lib", "components"], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();
}

describe("layer rules", () => {
  it("each breach in the fixture is reported by its rule, and the allowed import is not", async () => {
    expect(await violations()).toEqual([
      "browser-imports-server: lib/client/use-posts.ts → lib/posts/server/queries.ts",
      "network-imports-domain: lib/networks/facebook/server/index.ts → lib/posts/server/queries.ts",
      "no-circular: lib/cycle-a.ts → lib/cycle-b.ts",
      "posts-imports-publishing: lib/posts/server/service.ts → lib/publishing/server/engine.ts",
      "shared-imports-one-side: lib/posts/schemas.ts → lib/server/env.ts",
    ]);
  });
});
