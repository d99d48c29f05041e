import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

/**
 * The worker runs as one bundled ES module under plain `node`, not through tsx: tsx keeps a parent
 * process (52 MB) and compiles every module in the worker's own process, which held 167 MB at
 * rest; the bundle holds 87 MB (the target is under 200 MB under load). Our code is bundled
 * (the `@/` paths resolved from tsconfig), packages stay in node_modules. Building takes a fraction
 * of a second, so `npm run worker`, `npm run up` and the test stack build before they start it.
 *
 *   npx tsx workers/bundle.ts        writes .worker-build/index.mjs
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, ".worker-build");

function build(): string {
  const result = buildSync({
    entryPoints: [path.join(root, "workers/index.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    write: false,
    logLevel: "warning",
    outfile: path.join(outDir, "index.mjs"),
  });
  return result.outputFiles[0]!.text;
}

/** Written next to the final name, then renamed: a process starting the worker never reads half a file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** Builds the worker into .worker-build/index.mjs and answers its path. */
export function bundleWorker(): string {
  const file = path.join(outDir, "index.mjs");
  writeAtomically(file, build());
  return file;
}

let built: string | undefined;

/**
 * For tests and benches, which may start workers from many processes at once: built once per
 * process, named by its content, so concurrent runs of different code never share a file.
 */
export function workerBundleForThisProcess(): string {
  if (built) return built;
  const text = build();
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const file = path.join(outDir, `worker-${hash}.mjs`);
  if (!existsSync(file)) writeAtomically(file, text);
  built = file;
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`worker bundled: ${path.relative(root, bundleWorker())}`);
}
