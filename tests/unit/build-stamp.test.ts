import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, sourceFingerprint, stampBuild } from "../../scripts/build-stamp.mjs";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repository() {
  dir = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
  execFileSync("git", ["init", "-q"], { cwd: dir });
  writeFileSync(path.join(dir, ".gitignore"), ".next/\n");
  writeFileSync(path.join(dir, "page.tsx"), "export default 1;\n");
  execFileSync("git", ["add", "."], { cwd: dir });
  return dir;
}

describe("the build's fingerprint", () => {
  it("changes with an edited, a new or a deleted source, and not with what git ignores", () => {
    const root = repository();
    const first = sourceFingerprint(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
    expect(sourceFingerprint(root)).toBe(first);

    writeFileSync(path.join(root, "page.tsx"), "export default 2;\n");
    const edited = sourceFingerprint(root);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(root, "new.ts"), "export {};\n");
    const added = sourceFingerprint(root);
    expect(added).not.toBe(edited);
    rmSync(path.join(root, "page.tsx"));
    expect(sourceFingerprint(root)).not.toBe(added);
  });

  it("marks a build current only when it finished (BUILD_ID) and was stamped with these sources", () => {
    const root = repository();
    const distDir = path.join(root, ".next");
    mkdirSync(distDir);
    const fingerprint = sourceFingerprint(root);
    stampBuild(distDir, fingerprint);
    expect(buildIsCurrent(distDir, fingerprint)).toBe(false);
    writeFileSync(path.join(distDir, "BUILD_ID"), "x");
    expect(buildIsCurrent(distDir, fingerprint)).toBe(true);
    writeFileSync(path.join(root, "page.tsx"), "export default 3;\n");
    expect(buildIsCurrent(distDir, sourceFingerprint(root))).toBe(false);
  });

  it("is absent outside a git work tree, so the build always runs", () => {
    dir = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
    expect(sourceFingerprint(dir)).toBeNull();
    expect(buildIsCurrent(dir, null)).toBe(false);
  });
});
