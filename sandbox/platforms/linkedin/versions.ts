/**
 * Which LinkedIn-Version values LinkedIn serves on a given day. Monthly versions (YYYYMM, patch
 * releases YYYYMM.NN) are served from their month until their sunset date, then every /rest call
 * answers 426 NONEXISTENT_VERSION; a version from the future does not exist yet either.
 * Source: learn.microsoft.com/linkedin/marketing/integrations/migrations (the sunset table) and
 * learn.microsoft.com/linkedin/marketing/versioning ("supported … for a minimum of one year").
 * Versions not in the table get the minimum, counted strictly: the 15th of their month a year on.
 */

const PUBLISHED_SUNSETS: Record<string, string> = {
  "202510": "2026-10-15",
  "202511": "2026-11-16",
  "202601": "2027-01-15",
  "202602": "2027-02-15",
  "202603": "2027-03-16",
};

function sunsetOf(month: string): number {
  const published = PUBLISHED_SUNSETS[month];
  if (published) return Date.parse(`${published}T00:00:00Z`);
  return Date.UTC(Number(month.slice(0, 4)) + 1, Number(month.slice(4, 6)) - 1, 15);
}

export function isActiveVersion(version: string, now: number): boolean {
  const match = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version);
  if (!match) return false;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return false;
  const released = Date.UTC(Number(match[1]), month - 1, 1);
  return released <= now && now < sunsetOf(version.slice(0, 6));
}

/** LinkedIn names the version as a day in its message: 202501 is "20250101". */
export const versionLabel = (version: string) =>
  /^\d{6}$/.test(version) ? `${version}01` : version.replace(/^(\d{6})\.(\d{2})$/, "$1$2");
