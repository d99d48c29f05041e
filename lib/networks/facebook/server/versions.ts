/**
 * The Graph API versions we may be configured to call (FACEBOOK_GRAPH_VERSION), with the day each
 * stops being served: developers.facebook.com/docs/graph-api/changelog/versions ("Available
 * until"), checked 2026-12-01. A call to an expired version is not refused: Meta serves it as the
 * oldest live version (served-versions.ts notices). Read by /api/health (lib/networks/server/
 * api-versions.ts) and by the sandbox, which serves exactly these versions.
 */

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

export const DEFAULT_GRAPH_VERSION = "v25.0";

export function graphSunset(version: string): string | null {
  return GRAPH_VERSION_SUNSETS[version] ?? null;
}
