import { DEFAULT_GRAPH_VERSION, GRAPH_VERSION_SUNSETS, graphSunset } from "@/lib/networks/facebook/server/versions";
import {
  DEFAULT_LINKEDIN_VERSION,
  isLiveLinkedinVersion,
  LINKEDIN_VERSIONS,
  linkedinReleasedOn,
  linkedinSunset,
  NEWEST_LINKEDIN_VERSION,
} from "@/lib/networks/linkedin/server/versions";

/**
 * The platform API versions we may be configured to call, with the day each stops being served:
 * each versioned network keeps its table in its folder (lib/networks/facebook/server/versions.ts,
 * lib/networks/linkedin/server/versions.ts); this is what /api/health warns from, 60 days ahead.
 *
 * To move on: pick a version that lives longer, add it to the network's table with its published
 * sunset date, set FACEBOOK_GRAPH_VERSION or LINKEDIN_API_VERSION, and run the tests against the
 * sandbox.
 */

export {
  DEFAULT_GRAPH_VERSION,
  DEFAULT_LINKEDIN_VERSION,
  GRAPH_VERSION_SUNSETS,
  graphSunset,
  isLiveLinkedinVersion,
  LINKEDIN_VERSIONS,
  linkedinReleasedOn,
  linkedinSunset,
};

export type VersionedPlatform = "facebook" | "linkedin";

export interface VersionWarning {
  platform: VersionedPlatform;
  setting: "FACEBOOK_GRAPH_VERSION" | "LINKEDIN_API_VERSION";
  version: string;
  /** null: LinkedIn never released this version, so it answers no call. */
  sunsetOn: string | null;
  daysLeft: number | null;
  message: string;
}

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
      name: "Facebook Graph API",
      setting: "FACEBOOK_GRAPH_VERSION",
      version: configured.facebook,
      sunsetOn: graphSunset(configured.facebook),
    },
    {
      platform: "linkedin",
      name: "LinkedIn API",
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
    .flatMap(({ platform, name, setting, version, sunsetOn }): VersionWarning[] => {
      if (!sunsetOn) return [];
      const daysLeft = Math.ceil((Date.parse(`${sunsetOn}T00:00:00Z`) - now.getTime()) / DAY_MS);
      if (daysLeft > WARN_DAYS) return [];
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
