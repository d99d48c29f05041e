/**
 * The platform API versions we may be configured to call, with the day each stops being served.
 * One table, read by the clients' settings check and by /api/health, which warns 60 days ahead.
 *
 * - Graph API (Facebook): developers.facebook.com/docs/graph-api/changelog/versions ("Available
 *   until"). A call to an expired version is not refused: Meta serves it as the oldest live version.
 * - LinkedIn (Marketing and Community Management APIs, monthly YYYYMM versions):
 *   learn.microsoft.com/linkedin/marketing/integrations/migrations ("Sunset Date"). A sunset version
 *   answers every /rest call with 426 NONEXISTENT_VERSION. Versions not yet on that page get the
 *   documented minimum of one year, counted to the 15th of the release month a year on.
 *
 * To move on: pick a version that lives longer, set FACEBOOK_GRAPH_VERSION or LINKEDIN_API_VERSION,
 * run the tests against the sandbox, then add the version's date here when the platform publishes it.
 */

export type VersionedPlatform = "facebook" | "linkedin";

/** null: the platform has not announced the day yet. */
export const GRAPH_VERSION_SUNSETS: Record<string, string | null> = {
  "v20.0": "2026-09-24",
  "v21.0": "2027-01-21",
  "v22.0": "2027-05-20",
  "v23.0": "2027-10-08",
  "v24.0": "2028-02-18",
  "v25.0": "2028-07-29",
  "v26.0": null,
  "v27.0": null,
};

export const LINKEDIN_VERSION_SUNSETS: Record<string, string> = {
  "202510": "2026-10-15",
  "202511": "2026-11-16",
  "202601": "2027-01-15",
  "202602": "2027-02-15",
  "202603": "2027-03-16",
};

export const DEFAULT_GRAPH_VERSION = "v25.0";
export const DEFAULT_LINKEDIN_VERSION = "202607";

/** The day a LinkedIn version stops: the published date, else a year after its release month. */
export function linkedinSunset(version: string): string {
  const month = version.slice(0, 6);
  const published = LINKEDIN_VERSION_SUNSETS[month];
  if (published) return published;
  return `${Number(month.slice(0, 4)) + 1}-${month.slice(4, 6)}-15`;
}

export function graphSunset(version: string): string | null {
  return GRAPH_VERSION_SUNSETS[version] ?? null;
}

export interface VersionWarning {
  platform: VersionedPlatform;
  setting: "FACEBOOK_GRAPH_VERSION" | "LINKEDIN_API_VERSION";
  version: string;
  sunsetOn: string;
  daysLeft: number;
  message: string;
}

const WARN_DAYS = 60;
const DAY_MS = 86_400_000;

/** Versions in use that stop within 60 days (or have stopped), in words an operator can act on. */
export function versionWarnings(
  configured: { facebook: string; linkedin: string },
  now: Date = new Date(),
): VersionWarning[] {
  const checks = [
    {
      platform: "facebook",
      setting: "FACEBOOK_GRAPH_VERSION",
      version: configured.facebook,
      sunsetOn: graphSunset(configured.facebook),
    },
    {
      platform: "linkedin",
      setting: "LINKEDIN_API_VERSION",
      version: configured.linkedin,
      sunsetOn: linkedinSunset(configured.linkedin),
    },
  ] as const;
  return checks.flatMap(({ platform, setting, version, sunsetOn }) => {
    if (!sunsetOn) return [];
    const daysLeft = Math.ceil((Date.parse(`${sunsetOn}T00:00:00Z`) - now.getTime()) / DAY_MS);
    if (daysLeft > WARN_DAYS) return [];
    const name = platform === "facebook" ? "Facebook Graph API" : "LinkedIn API";
    const when = daysLeft > 0 ? `stops on ${sunsetOn} (${daysLeft} days)` : `stopped on ${sunsetOn}`;
    return [
      {
        platform,
        setting,
        version,
        sunsetOn,
        daysLeft,
        message: `${name} version ${version} ${when}: set ${setting} to a newer version.`,
      },
    ];
  });
}
