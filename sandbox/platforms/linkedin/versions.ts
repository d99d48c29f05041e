import { isLiveLinkedinVersion } from "../../../lib/networks/linkedin/server/versions";

/**
 * Which LinkedIn-Version values LinkedIn serves on a given day: the months LinkedIn released, from
 * their month until their sunset date. The table is the app's own (lib/networks/linkedin/
 * server/versions.ts, with its sources: learn.microsoft.com/linkedin/marketing/integrations/migrations),
 * so the sandbox and /api/health agree on one set of facts. Any other value (an unreleased month
 * such as 202512, a month newer than the table, a patch release LinkedIn did not publish, a sunset
 * month) is not served, and every /rest call answers 426 NONEXISTENT_VERSION.
 */
export function isActiveVersion(version: string, now: number): boolean {
  return isLiveLinkedinVersion(version, now);
}

/** LinkedIn names the version as a day in its message: 202501 is "20250101". */
export const versionLabel = (version: string) =>
  /^\d{6}$/.test(version) ? `${version}01` : version.replace(/^(\d{6})\.(\d{2})$/, "$1$2");
