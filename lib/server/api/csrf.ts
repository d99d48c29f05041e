import { env } from "@/lib/server/env";
import { ApiError } from "./errors";

/**
 * Cross-site request forgery: SameSite=Lax cookies still ride along with requests from the same
 * *site* (another port, a sibling subdomain), and a plain HTML form can POST text/plain. So every
 * unsafe request must come from our own origin (APP_URL): a browser says where a request comes from
 * in `Origin` (sent on every POST/PUT/PATCH/DELETE, cross- or same-origin) and `Sec-Fetch-Site`. A
 * request with neither is not from a browser (curl, a server), which no cookie is riding on by
 * accident, so it passes, as in Go's CrossOriginProtection.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const appOrigin = new URL(env.APP_URL).origin;

export const crossOriginRefused = () =>
  new ApiError(403, "cross_origin_refused", "This request came from another site and was refused.");

export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (origin !== appOrigin) throw crossOriginRefused();
    return;
  }
  const site = req.headers.get("sec-fetch-site");
  // "none": the user typed or bookmarked it; browsers never send that on a request a page started.
  if (site !== null && site !== "same-origin" && site !== "none") throw crossOriginRefused();
}

/** Only `application/json` (with or without parameters) is read as JSON; forms and text/plain are not. */
export function isJsonContentType(value: string | null): boolean {
  const type = value?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}
