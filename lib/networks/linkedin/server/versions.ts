/**
 * The LinkedIn API versions we may be configured to call (LINKEDIN_API_VERSION; the Marketing and
 * Community Management APIs' monthly YYYYMM versions), with the day each stops being served. Only
 * the months LinkedIn released exist. learn.microsoft.com/linkedin/marketing/integrations/migrations
 * lists them with their "Sunset Date" (202510 to 202603 read there; 202504 to 202509 and 202604 to
 * 202607 as that page was copied on 2026-08-13 by api-evangelist/linkedin-ads,
 * lifecycle/linkedin-ads-lifecycle.yml). There was no 202512: the page goes from 202511 to 202601.
 * A month not listed (unreleased, or newer than this table) and a sunset one answer every /rest
 * call with 426 NONEXISTENT_VERSION ("Requested version 20250401 is not active", as reported in
 * n8n-io/n8n#28600 and PipedreamHQ/pipedream#7739). Earlier months are all sunset. Checked
 * 2026-12-01; read by /api/health and by the sandbox, which serves exactly these versions.
 */

/** Every LinkedIn version released and not sunset before 2025, with its sunset day. */
export const LINKEDIN_VERSIONS: Record<string, string> = {
  "202501": "2026-01-15",
  "202502": "2026-02-16",
  "202503": "2026-03-16",
  "202504": "2026-04-15",
  "202505": "2026-05-15",
  "202506": "2026-06-15",
  "202507": "2026-07-15",
  "202508": "2026-08-17",
  "202509": "2026-09-15",
  "202510": "2026-10-15",
  "202511": "2026-11-16",
  // No December 2025 release.
  "202601": "2027-01-15",
  "202602": "2027-02-15",
  "202603": "2027-03-16",
  "202604": "2027-04-15",
  "202605": "2027-05-15",
  "202606": "2027-06-15",
  "202607": "2027-07-15",
};

export const DEFAULT_LINKEDIN_VERSION = "202607";

/** The newest version this table knows, to suggest in place of one LinkedIn never released. */
export const NEWEST_LINKEDIN_VERSION = Object.keys(LINKEDIN_VERSIONS).sort().at(-1)!;

/** The day a LinkedIn version stops; null for a version LinkedIn never released (as far as this table knows). */
export function linkedinSunset(version: string): string | null {
  return Object.hasOwn(LINKEDIN_VERSIONS, version) ? LINKEDIN_VERSIONS[version]! : null;
}

/** LinkedIn's first day of a version: its month's 1st (versions are released monthly). */
export function linkedinReleasedOn(version: string): string {
  return `${version.slice(0, 4)}-${version.slice(4, 6)}-01`;
}

/** Whether LinkedIn serves `version` on the day of `now`: released, and not yet sunset. */
export function isLiveLinkedinVersion(version: string, now: number): boolean {
  const sunset = linkedinSunset(version);
  if (sunset === null) return false;
  return Date.parse(`${linkedinReleasedOn(version)}T00:00:00Z`) <= now && now < Date.parse(`${sunset}T00:00:00Z`);
}
