import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documentation stays where a reader looks for it: a short README, the rest under docs/, and
 * every relative link in them leads to a file (and heading) that exists inside the repository, or
 * into the shared folder beside it (../shared/).
 */

const root = path.resolve(import.meta.dirname, "../..");
const shared = path.resolve(root, "../shared");
const README_MAX_LINES = 250;

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const checkedDocs = [
  path.join(root, "README.md"),
  path.join(root, "sandbox/README.md"),
  path.join(root, "db/README.md"),
  ...markdownFiles(path.join(root, "docs")),
];
const decisionRecords = markdownFiles(path.join(root, "docs/decisions")).filter(
  (file) => path.basename(file) !== "README.md",
);

const read = (file: string) => readFileSync(file, "utf8");
const relative = (file: string) => path.relative(root, file);

/** The text outside fenced code blocks, line by line (code shows examples, not links or tables). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** Link targets of inline links and images, `[text](target)`, leaving out inline code spans. */
function linkTargets(markdown: string): string[] {
  return proseLines(markdown)
    .map((line) => line.replace(/`[^`]*`/g, ""))
    .flatMap((line) => [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);
const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);

/** What is wrong with one relative link of `from`, or null when it resolves. */
function brokenLink(from: string, target: string): string | null {
  const [pathPart = "", anchor] = target.split("#");
  const resolved = pathPart === "" ? from : path.resolve(path.dirname(from), decodeURIComponent(pathPart));
  if (!inside(resolved, root) && !inside(resolved, shared)) return "points outside the repository";
  // A clone without the shared folder beside it (CI's) cannot tell whether a file in it exists.
  if (inside(resolved, shared) && !existsSync(shared)) return null;
  if (!existsSync(resolved)) return "names no file";
  if (anchor === undefined || anchor === "") return null;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) return "has an anchor into a non-Markdown file";
  return headingAnchors(read(resolved)).has(anchor.toLowerCase()) ? null : "names no heading there";
}

describe("documentation", () => {
  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = read(path.join(root, "README.md")).replace(/\n$/, "").split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("docs/ holds the architecture, publishing, data, operations and benchmark documents", () => {
    for (const name of ["architecture.md", "publishing.md", "data.md", "operations.md", "benchmarks.md"])
      expect(existsSync(path.join(root, "docs", name)), `docs/${name}`).toBe(true);
    expect(decisionRecords.length).toBeGreaterThan(0);
  });

  it("every relative link resolves to a file, and an anchor to a heading, inside the repository or ../shared/", () => {
    const broken = checkedDocs.flatMap((file) =>
      linkTargets(read(file))
        .filter((target) => !isExternal(target))
        .map((target) => ({ target, problem: brokenLink(file, target) }))
        .filter((link) => link.problem !== null)
        .map((link) => `${relative(file)}: (${link.target}) ${link.problem}`),
    );
    expect(broken).toEqual([]);
  });

  it("each decision record has the headings Context, Decision and Consequences", () => {
    const incomplete = decisionRecords.flatMap((file) => {
      const headings = proseLines(read(file)).filter((line) => /^##\s/.test(line));
      return ["Context", "Decision", "Consequences"]
        .filter((name) => !headings.some((line) => line.replace(/^##\s+/, "").trim() === name))
        .map((name) => `${relative(file)} lacks "## ${name}"`);
    });
    expect(incomplete).toEqual([]);
  });

  it("the decisions index links every record", () => {
    const indexFile = path.join(root, "docs/decisions/README.md");
    const index = existsSync(indexFile) ? read(indexFile) : "";
    const listed = new Set(linkTargets(index).map((target) => target.split("#")[0]));
    const missing = decisionRecords.map((file) => path.basename(file)).filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });

  it("docs/benchmarks.md has exactly one table", () => {
    const file = path.join(root, "docs/benchmarks.md");
    const delimiterRows = proseLines(existsSync(file) ? read(file) : "").filter((line) =>
      /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/.test(line),
    );
    expect(delimiterRows).toHaveLength(1);
  });
});

describe("the link checker itself", () => {
  const readme = path.join(root, "README.md");

  it("finds inline links and images, not links inside code", () => {
    expect(linkTargets('[a](docs/x.md) ![i](img.png "t") `[c](code.md)`\n```\n[d](fenced.md)\n```')).toEqual([
      "docs/x.md",
      "img.png",
    ]);
  });

  it("makes GitHub's anchors", () => {
    expect([...headingAnchors("# Two commands\n## `npm run up` & more\n## Two commands")]).toEqual([
      "two-commands",
      "npm-run-up--more",
      "two-commands-1",
    ]);
  });

  it("refuses a missing file, a missing heading and a path out of the repository", () => {
    expect(brokenLink(readme, "docs/no-such-file.md")).toBe("names no file");
    expect(brokenLink(readme, "#no-such-heading")).toBe("names no heading there");
    expect(brokenLink(readme, "../elsewhere/notes.md")).toBe("points outside the repository");
    expect(brokenLink(readme, "../shared/spec.md")).not.toBe("points outside the repository");
  });
});
