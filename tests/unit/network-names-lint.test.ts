import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that keeps platform names in the networks' folders (eslint.config.mjs ›
 * networkNameComparisons): a comparison with a network's name fires outside them, in either
 * order and as a `case`, and not inside them; comparing with other words is left alone.
 */

const root = path.resolve(import.meta.dirname, "../..");
const sample = `export function pick(platform: string): number {
  if (platform === "twitter") return 1;
  if ("linkedin" !== platform) return 2;
  switch (platform) {
    case "facebook":
      return 3;
  }
  return platform === "general" ? 4 : 5;
}
`;

// One instance: loading the configuration is most of the cost.
const eslint = new ESLint({ cwd: root });

async function firings(filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(sample, { filePath: path.join(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-syntax" && /capabilities/.test(message.message))
    .map((message) => message.line);
}

describe("platform-name comparisons", () => {
  it("are refused in domain code, components, routes and workers", async () => {
    for (const file of [
      "lib/posts/server/sample.ts",
      "lib/posts/sample.ts",
      "components/post-editor/sample.tsx",
      "app/api/sample/route.ts",
      "workers/sample.ts",
    ])
      expect({ file, lines: await firings(file) }).toEqual({ file, lines: [2, 3, 5] });
  });

  it("are allowed in the networks' own folders", async () => {
    for (const file of ["lib/networks/twitter/sample.ts", "lib/networks/server/sample.ts", "components/networks/x.ts"])
      expect({ file, lines: await firings(file) }).toEqual({ file, lines: [] });
  });
}, 60_000);
