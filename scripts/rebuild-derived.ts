/**
 * npm run db:rebuild-derived
 *
 * Rebuilds every derived store of $DATABASE_URL from its source tables (lib/derived/server/
 * rebuild.ts), writing only what differs, and prints what it changed. Safe while the app runs.
 */

export {};

try {
  process.loadEnvFile();
} catch {
  // no .env: the environment decides
}

const { closeDb } = await import("@/db");
const { rebuildDerived } = await import("@/lib/derived/server/rebuild");
try {
  const started = Date.now();
  const report = await rebuildDerived();
  console.log(JSON.stringify(report, null, 2));
  console.log(`Derived stores rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error("Rebuilding the derived stores failed:", error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
