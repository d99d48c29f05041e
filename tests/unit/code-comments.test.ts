import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Code says why in the present tense; how it got here belongs in commit messages. So no code file
 * names a work session, an issue number or a README section (the README no longer holds the
 * architecture: docs/ does). Merged migrations are left out: they are never edited.
 */

const root = path.resolve(import.meta.dirname, "../..");
const HISTORY = [
  { name: "a work session", pattern: /\b[Ss]ession \d+\b/ },
  { name: "an issue number", pattern: /\bissue #\d+|\bpart [A-Z0-9]+ \(#\d+\)/ },
  { name: "a README section", pattern: /README ›/ },
];

function codeFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mts|mjs|cjs|js|css|sql)$/.test(file))
    .filter((file) => !file.startsWith("db/migrations/") && file !== "tests/unit/code-comments.test.ts");
}

describe("code comments", () => {
  it("name no work session, issue number or README section", () => {
    const found: string[] = [];
    for (const file of codeFiles()) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      text.split("\n").forEach((line, index) => {
        for (const { name, pattern } of HISTORY)
          if (pattern.test(line)) found.push(`${file}:${index + 1} names ${name}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
