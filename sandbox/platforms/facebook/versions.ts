import type { SandboxResponse } from "../../responses";
import type { Handler, RequestContext, Router } from "../../router";

/**
 * Which Graph API version answers a call. Meta does not refuse an expired version: "once a version
 * is no longer usable, any calls made to it will be defaulted to the next oldest, usable version"
 * (developers.facebook.com/docs/apps/versions), and the answer's `facebook-api-version` header names
 * the version that really served it. That header is the only signal a client gets, so every Graph
 * answer here carries it. Dates: developers.facebook.com/docs/graph-api/changelog/versions
 * ("Available until"); the sandbox keeps its own copy, as it plays Meta, not our app.
 */

/** Release and end of each version (null: no end announced yet). Ordered oldest first. */
const GRAPH_VERSIONS: { version: string; releasedOn: string; availableUntil: string | null }[] = [
  { version: "v19.0", releasedOn: "2024-01-23", availableUntil: "2026-05-21" },
  { version: "v20.0", releasedOn: "2024-05-21", availableUntil: "2026-09-24" },
  { version: "v21.0", releasedOn: "2024-10-02", availableUntil: "2027-01-21" },
  { version: "v22.0", releasedOn: "2025-01-21", availableUntil: "2027-05-20" },
  { version: "v23.0", releasedOn: "2025-05-29", availableUntil: "2027-10-08" },
  { version: "v24.0", releasedOn: "2025-10-08", availableUntil: "2028-02-18" },
  { version: "v25.0", releasedOn: "2026-02-18", availableUntil: "2028-07-29" },
  { version: "v26.0", releasedOn: "2026-07-29", availableUntil: null },
  { version: "v27.0", releasedOn: "2026-11-04", availableUntil: null },
];

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const number = (version: string) => Number(/^v(\d+)\.\d+$/.exec(version)?.[1] ?? Number.NaN);
/** The dates as times, read once: every Graph call asks which versions are live. */
const SPANS = GRAPH_VERSIONS.map((entry) => ({
  version: entry.version,
  from: day(entry.releasedOn),
  until: entry.availableUntil === null ? Number.POSITIVE_INFINITY : day(entry.availableUntil),
}));

const live = (now: number) => SPANS.filter((entry) => entry.from <= now && now < entry.until);

/**
 * The version that serves a request for `requested` (undefined: an unversioned path) at `now`:
 * itself while live; the oldest live one once it has expired (or when none was named); null for a
 * version newer than any released, which Graph does not know.
 */
export function servedGraphVersion(requested: string | undefined, now: number): string | null {
  const available = live(now);
  const oldest = available[0]?.version ?? null;
  if (!requested) return oldest;
  if (available.some((entry) => entry.version === requested)) return requested;
  const newest = available.at(-1);
  if (newest && number(requested) > number(newest.version)) return null;
  return oldest;
}

const unknownVersion = (ctx: RequestContext): SandboxResponse => ({
  status: 400,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({
    error: {
      message: `Unknown path components: /${ctx.params.version ?? ""}`,
      type: "OAuthException",
      code: 2500,
      fbtrace_id: "AsandboxVer",
    },
  }),
});

function withServedVersion(handler: Handler): Handler {
  return async (ctx) => {
    const served = servedGraphVersion(ctx.params.version, ctx.store.now());
    if (served === null) return unknownVersion(ctx);
    const response = await handler(ctx);
    return { ...response, headers: { ...response.headers, "facebook-api-version": served } };
  };
}

/** The router Graph's routes register on: each handler answers with the version that served it. */
export function graphVersionedRouter(router: Router): Router {
  const proxy: Router = new Proxy(router, {
    get(target, property, receiver) {
      if (property !== "add") return Reflect.get(target, property, receiver) as unknown;
      return (method: string, pattern: string, handler: Handler) => {
        const graph = pattern.startsWith("/facebook/graph");
        target.add(method, pattern, graph ? withServedVersion(handler) : handler);
        return proxy;
      };
    },
  });
  return proxy;
}
