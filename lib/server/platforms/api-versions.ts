/**
 * The platform API versions we may be configured to call, with the day each stops being served.
 * One table per platform, read by the clients' settings check, by /api/health (which warns 60 days
 * ahead) and by the sandbox, which serves exactly these versions. Checked 2026-12-01.
 *
 * - Graph API (Facebook): developers.facebook.com/docs/graph-api/changelog/versions ("Available
 *   until"). A call to an expired version is not refused: Meta serves it as the oldest live version.
 * - LinkedIn (Marketing and Community Management APIs, monthly YYYYMM versions): only the months
 *   LinkedIn released exist. learn.microsoft.com/linkedin/marketing/integrations/migrations lists
 *   them with their "Sunset Date" (202510 to 202603 read there; 202504 to 202509 and 202604 to
 *   202607 as that page was copied on 2026-08-13 by api-evangelist/linkedin-ads,
 *   lifecycle/linkedin-ads-lifecycle.yml). There was no 202512: the page goes from 202511 to 202601.
 *   A month not listed (unreleased, or newer than this table) and a sunset one answer every /rest
 *   call with 426 NONEXISTENT_VERSION ("Requested version 20250401 is not active", as reported in
 *   n8n-io/n8n#28600 and PipedreamHQ/pipedream#7739). Earlier months are all sunset.
 *
 * To move on: pick a version that lives longer, add it here with its published sunset date, set
 * FACEBOOK_GRAPH_VERSION or LINKEDIN_API_VERSION, and run the tests against the sandbox.
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

export const DEFAULT_GRAPH_VERSION = "v25.0";
export const DEFAULT_LINKEDIN_VERSION = "202607";

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

export function graphSunset(version: string): string | null {
  return GRAPH_VERSION_SUNSETS[version] ?? null;
}

export interface VersionWarning {
  platform: VersionedPlatform;
  setting: "FACEBOOK_GRAPH_VERSION" | "LINKEDIN_API_VERSION";
  version: string;
  /** null: LinkedIn never released this version, so it answers no call. */
  sunsetOn: string | null;
  daysLeft: number | null;
  message: string;
}

const NEWEST_LINKEDIN_VERSION = Object.keys(LINKEDIN_VERSIONS).sort().at(-1)!;

const WARN_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * Versions in use that stop within 60 days (or have stopped), or that LinkedIn never released, in
 * words an operator can act on.
 */
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
  const unreleased: VersionWarning[] =
    linkedinSunset(configured.linkedin) === null
      ? [
          {
            platform: "linkedin",
            setting: "LINKEDIN_API_VERSION",
            version: configured.linkedin,
            sunsetOn: null,
            daysLeft: null,
            message: `LinkedIn API version ${configured.linkedin} is not one LinkedIn released, so LinkedIn refuses every call: set LINKEDIN_API_VERSION to a released version such as ${NEWEST_LINKEDIN_VERSION}.`,
          },
        ]
      : [];
  return checks
    .flatMap(({ platform, setting, version, sunsetOn }): VersionWarning[] => {
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
    })
    .concat(unreleased);
}
