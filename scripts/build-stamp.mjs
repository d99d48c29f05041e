// A build's fingerprint: a hash of every source file git knows of (tracked, or new and not ignored)
// and of the settings that change what `next build` writes. `npm run up` skips a build whose folder
// holds the fingerprint of the sources as they are now; without git there is no fingerprint, and it
// always builds.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const STAMP = "postloom-sources.sha256";

export function sourceFingerprint(root) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) return null;
  const hash = createHash("sha256");
  hash.update(`PROFILE_SOURCE_MAPS=${process.env.PROFILE_SOURCE_MAPS ?? ""}\0`);
  for (const file of listed.stdout.split("\0").filter(Boolean).sort()) {
    const full = path.join(root, file);
    // A tracked file deleted in the work tree is listed but gone: its absence is part of the state.
    hash.update(`${file}\0${existsSync(full) ? createHash("sha256").update(readFileSync(full)).digest("hex") : "-"}\0`);
  }
  return hash.digest("hex");
}

/** True when `distDir` holds a finished build of exactly these sources. */
export function buildIsCurrent(distDir, fingerprint) {
  if (!fingerprint || !existsSync(path.join(distDir, "BUILD_ID"))) return false;
  try {
    return readFileSync(path.join(distDir, STAMP), "utf8").trim() === fingerprint;
  } catch {
    return false;
  }
}

/** Records that `distDir` was built from the sources with this fingerprint. */
export function stampBuild(distDir, fingerprint) {
  if (fingerprint) writeFileSync(path.join(distDir, STAMP), `${fingerprint}\n`);
}
