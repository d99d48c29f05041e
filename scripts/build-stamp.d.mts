/** Types of build-stamp.mjs (plain JavaScript, so that scripts/up.mjs runs it without a build). */
export function sourceFingerprint(root: string): string | null;
export function buildIsCurrent(distDir: string, fingerprint: string | null): boolean;
export function stampBuild(distDir: string, fingerprint: string | null): void;
